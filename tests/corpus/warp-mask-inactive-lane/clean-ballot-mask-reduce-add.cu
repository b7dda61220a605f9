// Per-warp count of out-of-range samples inside a bounds check, done the
// way the guide recommends: the participating lanes are computed with
// __ballot_sync(FULL, i < n) before the branch, and the collective under
// `if (i < n)` passes exactly that ballot.
// corpus-args: --cuda-arch sm_80

__global__ void countClipped(const float *__restrict__ samples, int n, float lo, float hi,
                             unsigned *__restrict__ clipped, float *__restrict__ clampedOut) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const unsigned inRange = __ballot_sync(0xffffffffu, i < n);
  if (i < n) {
    const float s = samples[i];
    const unsigned out = s < lo || s > hi;
    clampedOut[i] = fminf(fmaxf(s, lo), hi);
    const unsigned warpOut = __reduce_add_sync(inRange, out);
    if (lane == __ffs(inRange) - 1 && warpOut) atomicAdd(clipped, warpOut);
  }
}
