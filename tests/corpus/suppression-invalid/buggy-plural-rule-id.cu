// Top-k selection over 16-candidate half-warps: the lower half of each warp
// merges its candidates with the upper half, then the 16 survivors are
// sorted with a butterfly. The half-warp shuffle was written with the full
// mask under `if (lane < 16)`, and the author, having decided it was
// fine, silenced it with a comment naming "warp-mask-inactive-lanes" --
// one letter too many, so the comment suppresses nothing. The finding is
// real: the mask names lanes 16..31, which do not reach the call.

#define FULL_MASK 0xffffffffu

__global__ void mergeHalves(const float *__restrict__ cand, float *__restrict__ best, int groups) {
  const int lane = threadIdx.x & 31;
  const int g = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (g >= groups) return;  // whole warps
  float v = cand[g * 32 + lane];
  const float upper = __shfl_down_sync(FULL_MASK, v, 16);
  if (lane < 16) {
    v = fmaxf(v, upper);
    for (int j = 8; j > 0; j >>= 1) {
      const float other = __shfl_xor_sync(FULL_MASK, v, j);  // NOLINT(warp-mask-inactive-lanes)  // expect: warp-mask-inactive-lane, suppression-invalid
      v = ((lane & j) == 0) ? fmaxf(v, other) : fminf(v, other);
    }
    best[g * 16 + lane] = v;
  }
}
