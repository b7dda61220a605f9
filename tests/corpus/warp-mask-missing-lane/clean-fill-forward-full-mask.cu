// Forward fill of missing samples within a warp (NaN = missing): every lane
// computes the lane it would copy from and all lanes execute the shuffle
// with the full mask; only the invalid lanes use the result. No lane calls
// a collective whose mask leaves it out.

#include <cmath>

__global__ void forwardFill(float *__restrict__ series, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  float v = i < n ? series[i] : NAN;
  const bool valid = !isnan(v);
  const unsigned validMask = __ballot_sync(0xffffffffu, valid);
  if (validMask == 0) return;  // the whole warp: nothing to copy from

  const unsigned below = validMask & ((1u << lane) - 1);
  const int src = valid ? lane : below ? 31 - __clz(below) : __ffs(validMask) - 1;
  v = __shfl_sync(0xffffffffu, v, src);
  if (i < n) series[i] = v;
}
