// Mixture-of-experts router, top-1: one warp per token, lane e < NUM_EXPERTS
// scores expert e. The maximum is found with __reduce_max_sync on the
// order-preserving integer image of the scores. The mask was built as
// "experts 0 .. NUM_EXPERTS-1" with one bit too few: the lane of the last
// expert calls the reduction without being named in it.
// corpus-args: --cuda-arch sm_80

#define NUM_EXPERTS 8
#define EXPERT_MASK ((1u << (NUM_EXPERTS - 1)) - 1)

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
    const unsigned best = __reduce_max_sync(EXPERT_MASK, key); // expect: warp-mask-missing-lane
    const unsigned winners = __ballot_sync(EXPERT_MASK, key == best); // expect: warp-mask-missing-lane
    if (lane == 0) expertOf[token] = __ffs(winners) - 1;
  }
}
