// BVH traversal step with warp-coherent node fetches (one ray per thread):
// a helper `warpAny` decides whether "the warp" visits a child, and if so
// the 32 lanes load the child's 32-word node together and share it with
// full-mask shuffles. The helper votes over __activemask() and is called
// under the per-ray `if (alive)` branch: the vote covers whatever subset of
// the warp is converged there, lanes of one warp can reach different
// decisions, and the full-mask shuffles are then executed by only some of
// the lanes they name (which, under the per-ray `if (alive)`, they would
// be even with a deterministic vote).

struct Box {
  float3 lo, hi;
};

__device__ __forceinline__ bool warpAny(bool p) {
  return __any_sync(__activemask(), p); // expect: warp-activemask-misuse
}

__device__ __forceinline__ bool hitBox(const Box &b, float3 o, float3 inv, float tmax) {
  const float tx0 = (b.lo.x - o.x) * inv.x, tx1 = (b.hi.x - o.x) * inv.x;
  const float ty0 = (b.lo.y - o.y) * inv.y, ty1 = (b.hi.y - o.y) * inv.y;
  const float tz0 = (b.lo.z - o.z) * inv.z, tz1 = (b.hi.z - o.z) * inv.z;
  const float tn = fmaxf(fmaxf(fminf(tx0, tx1), fminf(ty0, ty1)), fminf(tz0, tz1));
  const float tf = fminf(fminf(fmaxf(tx0, tx1), fmaxf(ty0, ty1)), fmaxf(tz0, tz1));
  return tn <= tf && tf >= 0.f && tn <= tmax;
}

__global__ void visitChildren(const Box *__restrict__ childBox, const float *__restrict__ nodeWords, int numChildren,
                              const float3 *__restrict__ orig, const float3 *__restrict__ invDir,
                              const float *__restrict__ tmax, const unsigned char *__restrict__ alive, int numRays,
                              float *__restrict__ shade) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  if (r >= numRays) return;
  float acc = 0.f;
  if (alive[r]) {
    for (int c = 0; c < numChildren; ++c) {
      const bool h = hitBox(childBox[c], orig[r], invDir[r], tmax[r]);
      if (warpAny(h)) {
        const float word = nodeWords[(size_t)c * 32 + lane];
        const float albedo = __shfl_sync(0xffffffffu, word, 0); // expect: warp-mask-inactive-lane
        const float emit = __shfl_sync(0xffffffffu, word, 1);     // expect: warp-mask-inactive-lane
        if (h) acc += albedo * emit;
      }
    }
  }
  shade[r] = acc;
}
