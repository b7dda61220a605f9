// Forward fill of missing samples within a warp (time series with gaps,
// NaN = missing): lanes without a value take the value of the nearest valid
// lane below them. The author reused the ballot of valid lanes as the mask
// of the shuffle that the *invalid* lanes execute: none of the callers is
// in that mask, and the lanes it names never reach this call.

#include <cmath>

__global__ void forwardFill(float *__restrict__ series, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  float v = i < n ? series[i] : NAN;
  const bool valid = !isnan(v);
  const unsigned validMask = __ballot_sync(0xffffffffu, valid);
  if (validMask == 0) return;

  if (valid) {
    series[i] = v;
  } else {
    const unsigned below = validMask & ((1u << lane) - 1);
    const int src = below ? 31 - __clz(below) : __ffs(validMask) - 1;
    v = __shfl_sync(validMask, v, src); // expect: warp-mask-missing-lane, warp-mask-inactive-lane
    if (i < n) series[i] = v;
  }
}
