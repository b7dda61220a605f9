// Mixture-of-experts router, top-1: one warp per token, lane e scores expert
// e for e < NUM_EXPERTS, and those lanes find the best expert with
// __reduce_max_sync and a ballot. Both use the mask of the NUM_EXPERTS low
// lanes, which are exactly the lanes under `if (lane < NUM_EXPERTS)`.
// corpus-args: --cuda-arch sm_80

#define NUM_EXPERTS 8
#define EXPERT_MASK ((1u << NUM_EXPERTS) - 1)

__device__ __forceinline__ unsigned orderedBits(float f) {
  const unsigned u = __float_as_uint(f);
  return (u & 0x80000000u) ? ~u : (u | 0x80000000u);
}

__global__ void routeTop1(const float *__restrict__ hidden, const float *__restrict__ gateW, int dim, int tokens,
                          int *__restrict__ expertOf) {
  const int lane = threadIdx.x & 31;
  const int token = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (token >= tokens) return;

  if (lane < NUM_EXPERTS) {
    const float *h = hidden + (size_t)token * dim;
    const float *w = gateW + (size_t)lane * dim;
    float score = 0.f;
    for (int k = 0; k < dim; ++k) score += h[k] * w[k];
    const unsigned key = orderedBits(score);
    const unsigned best = __reduce_max_sync(EXPERT_MASK, key);
    const unsigned winners = __ballot_sync(EXPERT_MASK, key == best);
    if (lane == 0) expertOf[token] = __ffs(winners) - 1;
  }
}
