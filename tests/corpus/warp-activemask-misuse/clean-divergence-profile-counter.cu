// Instrumented version of a ray-marching kernel: at the start of every
// march step it records how many lanes of the warp are converged (an
// "SIMD efficiency" histogram). Here __activemask() is exactly the right
// tool -- the statistic *is* the instantaneous snapshot -- and the lowest
// converged lane records it for its group; no vote, no mask taken for a
// branch.

#define MAX_STEPS 128

__device__ __forceinline__ float sceneSdf(float3 p) {
  const float sphere = sqrtf(p.x * p.x + p.y * p.y + p.z * p.z) - 1.f;
  const float plane = p.y + 1.f;
  return fminf(sphere, plane);
}

__global__ void marchRays(const float3 *__restrict__ orig, const float3 *__restrict__ dir, float *__restrict__ tHit,
                          int numRays, unsigned long long *__restrict__ activeHist /* 33 bins */) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= numRays) return;
  const int lane = threadIdx.x & 31;
  const float3 o = orig[r], d = dir[r];
  float t = 0.f;
  for (int step = 0; step < MAX_STEPS; ++step) {
    const unsigned active = __activemask();
    const int leader = __ffs(active) - 1;
    if (lane == leader) atomicAdd(&activeHist[__popc(active)], 1ull);
    const float3 p = make_float3(o.x + t * d.x, o.y + t * d.y, o.z + t * d.z);
    const float dist = sceneSdf(p);
    if (dist < 1e-4f || t > 100.f) break;
    t += dist;
  }
  tHit[r] = t;
}
