// Decode-phase attention scores, one warp per key, for head sizes 64, 96
// and 128. Instead of deriving the lanes per row from the head size (96/4
// would give 24), every lane of the warp takes part and holds
// kHeadDim / 32 elements, so the reduction is always a full-warp butterfly
// with the default width.

#include <cuda_fp16.h>

#define FULL_MASK 0xffffffffu

template <int kHeadDim>
__global__ void qkScores(const __half *__restrict__ q, const __half *__restrict__ k, float *__restrict__ scores,
                         int numKeys, float scale) {
  static_assert(kHeadDim % 32 == 0, "head_dim must be a multiple of the warp");
  constexpr int kPerLane = kHeadDim / 32;
  const int lane = threadIdx.x & 31;
  const int key = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (key >= numKeys) return;

  float acc = 0.f;
#pragma unroll
  for (int e = 0; e < kPerLane; ++e) {
    int d = e * 32 + lane;  // coalesced: consecutive lanes, consecutive elements
    acc += __half2float(q[d]) * __half2float(k[(size_t)key * kHeadDim + d]);
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(FULL_MASK, acc, o);
  if (lane == 0) scores[key] = acc * scale;
}

void launchScores(const __half *q, const __half *k, float *scores, int numKeys, int headDim, cudaStream_t s) {
  dim3 block(256), grid((numKeys + 7) / 8);
  float scale = 1.f / sqrtf((float)headDim);
  switch (headDim) {
  case 64: qkScores<64><<<grid, block, 0, s>>>(q, k, scores, numKeys, scale); break;
  case 96: qkScores<96><<<grid, block, 0, s>>>(q, k, scores, numKeys, scale); break;
  default: qkScores<128><<<grid, block, 0, s>>>(q, k, scores, numKeys, scale); break;
  }
}
