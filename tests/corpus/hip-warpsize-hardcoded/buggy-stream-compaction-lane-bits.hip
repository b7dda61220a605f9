// Stream compaction (keep the positive elements) with a warp-aggregated
// atomic: each warp ballots its predicate, its leader reserves room for all
// kept elements with one atomicAdd, and each thread writes at its rank.
// The masks are 64-bit already, but the lane index is `threadIdx.x & 31`:
// on gfx90a lanes 32-63 rank themselves among lanes 0-31 (writing over
// their outputs), and lane 32 acts as a second leader that reserves a
// second block of room.
#include <hip/hip_runtime.h>

__global__ void compactPositive(const float *in, float *out, unsigned int *outCount, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31; // expect: hip-warpsize-hardcoded
  const bool keep = i < n && in[i] > 0.f;

  const unsigned long long votes = __ballot(keep);
  const unsigned long long below = votes & ((1ull << lane) - 1);
  unsigned int base = 0;
  if (lane == 0 && votes != 0) base = atomicAdd(outCount, (unsigned int)__popcll(votes));
  base = __shfl(base, 0);
  if (keep) out[base + __popcll(below)] = in[i];
}

void compact(const float *in, float *out, unsigned int *count, int n, hipStream_t s) {
  hipMemsetAsync(count, 0, sizeof(unsigned int), s);
  hipLaunchKernelGGL(compactPositive, dim3((n + 255) / 256), dim3(256), 0, s, in, out, count, n);
}
