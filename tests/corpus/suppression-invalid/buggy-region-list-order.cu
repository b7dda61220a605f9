// Mesh face normals, Kepler-era code kept "for reference" and wrapped in a
// suppression region for two rules. The closing comment lists the same
// two rules in the other order; an END closes only the latest BEGIN with
// the same list (as in clang-tidy), so the END matches nothing and the
// BEGIN is never closed -- and an unclosed region suppresses nothing. The
// findings inside are reported, and they are real bugs: the shuffles have
// no mask and a width of 3.

struct float3a { float x, y, z; };

__device__ float3a sub(float3a a, float3a b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }

// NOLINTBEGIN(warp-shfl-width, warp-legacy-intrinsic)  // expect: suppression-invalid
__device__ float3a fetchCorner(float3a p, int corner, int step) {
  float3a q;
  q.x = __shfl(p.x, (corner + step) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width
  q.y = __shfl(p.y, (corner + step) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width
  q.z = __shfl(p.z, (corner + step) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width
  return q;
}
// NOLINTEND(warp-legacy-intrinsic, warp-shfl-width)  // expect: suppression-invalid

__global__ void faceNormals(const float3a *__restrict__ soup, float3a *__restrict__ normals, int triangles) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int tri = warp * 10 + lane / 3;
  const int corner = lane % 3;
  const bool valid = lane < 30 && tri < triangles;

  float3a p = valid ? soup[tri * 3 + corner] : float3a{0.f, 0.f, 0.f};
  float3a q = fetchCorner(p, corner, 1), r = fetchCorner(p, corner, 2);
  if (valid && corner == 0) {
    float3a e1 = sub(q, p), e2 = sub(r, p);
    float3a n = {e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x};
    float len = sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
    float inv = len > 0.f ? 1.f / len : 0.f;
    normals[tri] = {n.x * inv, n.y * inv, n.z * inv};
  }
}
