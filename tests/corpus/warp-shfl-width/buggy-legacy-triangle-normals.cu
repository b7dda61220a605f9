// Face normals of a triangle soup, Kepler-era code: three lanes per
// triangle (ten triangles per warp, lanes 30 and 31 idle), each lane loads
// one vertex and fetches the other two from its triangle's lanes with a
// shuffle of width 3, so that the source lane is relative to the triangle.
// Two bugs: the width must be a power of two (3 gives undefined results),
// and the legacy __shfl has no mask and assumes a lockstep warp, which
// sm_70 and later no longer provide.

struct float3a { float x, y, z; };

__device__ float3a sub(float3a a, float3a b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }

__global__ void faceNormals(const float3a *__restrict__ soup, float3a *__restrict__ normals, int triangles) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int tri = warp * 10 + lane / 3;
  const int corner = lane % 3;
  const bool valid = lane < 30 && tri < triangles;

  float3a p = valid ? soup[tri * 3 + corner] : float3a{0.f, 0.f, 0.f};
  float3a q, r;
  q.x = __shfl(p.x, (corner + 1) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width
  q.y = __shfl(p.y, (corner + 1) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width
  q.z = __shfl(p.z, (corner + 1) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width
  r.x = __shfl(p.x, (corner + 2) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width
  r.y = __shfl(p.y, (corner + 2) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width
  r.z = __shfl(p.z, (corner + 2) % 3, 3);  // expect: warp-legacy-intrinsic, warp-shfl-width

  if (valid && corner == 0) {
    float3a e1 = sub(q, p), e2 = sub(r, p);
    float3a n = {e1.y * e2.z - e1.z * e2.y, e1.z * e2.x - e1.x * e2.z, e1.x * e2.y - e1.y * e2.x};
    float len = sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
    float inv = len > 0.f ? 1.f / len : 0.f;
    normals[tri] = {n.x * inv, n.y * inv, n.z * inv};
  }
}
