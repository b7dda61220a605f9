// Decode-phase attention scores: one warp per (query, key) pair computes a
// dot product of head_dim values, each lane holding kVec consecutive
// elements. The lanes per row follow from the head size: 128/4 = 32 is
// fine, but the model variant with head_dim 96 gives 24 lanes per row, and
// the reduction passes that as the shuffle width. A width that is not a
// power of two makes the shuffle's result undefined.

#include <cuda_fp16.h>

template <int kHeadDim, int kVec>
struct HeadTraits {
  static constexpr int kLanesPerRow = kHeadDim / kVec;
  static_assert(kLanesPerRow <= 32, "one row must fit in a warp");
};

template <int kHeadDim>
__global__ void qkScores(const __half *__restrict__ q, const __half *__restrict__ k, float *__restrict__ scores,
                         int numKeys, float scale) {
  constexpr int kVec = 4;
  constexpr int kLanes = HeadTraits<kHeadDim, kVec>::kLanesPerRow;
  const int lane = threadIdx.x & 31;
  const int key = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (key >= numKeys) return;

  float acc = 0.f;
  if (lane < kLanes) {
#pragma unroll
    for (int e = 0; e < kVec; ++e) {
      int d = lane * kVec + e;
      acc += __half2float(q[d]) * __half2float(k[(size_t)key * kHeadDim + d]);
    }
  }
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o, kLanes);  // expect: warp-shfl-width
  if (lane == 0) scores[key] = acc * scale;
}

void launchScores(const __half *q, const __half *k, float *scores, int numKeys, int headDim, cudaStream_t s) {
  dim3 block(256), grid((numKeys + 7) / 8);
  float scale = 1.f / sqrtf((float)headDim);
  if (headDim == 128) qkScores<128><<<grid, block, 0, s>>>(q, k, scores, numKeys, scale);
  else qkScores<96><<<grid, block, 0, s>>>(q, k, scores, numKeys, scale);
}
