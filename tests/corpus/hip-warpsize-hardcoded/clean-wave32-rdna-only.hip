// corpus-args: --offload-arch=gfx1100,gfx1201
// Warp-level inclusive scan and block compaction tuned for RDNA3/RDNA4
// consumer GPUs, which run wave32: the build only targets gfx1100 and
// gfx1201, so `& 31`, `>> 5` and a 16-8-4-2-1 shuffle tree are exactly the
// wavefront size. (The same code built for gfx90a would be wrong; this
// build is not.) Masks are still kept in 64 bits, as HIP returns them.
#include <hip/hip_runtime.h>

#define BLOCK 256

__global__ void compactNonZero(const int *in, int *out, int *total, int n) {
  __shared__ int warpCounts[BLOCK / 32];
  __shared__ int blockBase;
  const int gid = blockIdx.x * BLOCK + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const bool keep = gid < n && in[gid] != 0;

  const unsigned long long votes = __ballot(keep);
  int rank = __popcll(votes & ((1ull << lane) - 1));
  if (lane == 0) warpCounts[warp] = __popcll(votes);
  __syncthreads();

  if (warp == 0) {
    int c = lane < BLOCK / 32 ? warpCounts[lane] : 0;
    for (int d = 1; d < 32; d *= 2) {
      int up = __shfl_up(c, d);
      if (lane >= d) c += up;
    }
    if (lane < BLOCK / 32) warpCounts[lane] = c;
    if (lane == BLOCK / 32 - 1) blockBase = atomicAdd(total, c);
  }
  __syncthreads();

  if (keep) out[blockBase + (warp ? warpCounts[warp - 1] : 0) + rank] = in[gid];
}

__device__ float waveMax(float v) {
  for (int o = 16; o > 0; o /= 2) v = fmaxf(v, __shfl_xor(v, o));
  return v;
}

__global__ void rowMax(const float *x, float *y, int cols) {
  float m = -3.4e38f;
  for (int c = threadIdx.x; c < cols; c += 32) m = fmaxf(m, x[(size_t)blockIdx.x * cols + c]);
  m = waveMax(m);
  if ((threadIdx.x & 31) == 0) y[blockIdx.x] = m;
}
