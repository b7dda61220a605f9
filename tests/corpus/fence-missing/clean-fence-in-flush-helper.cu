// Top-k candidates per block, merged by the last block: each block writes
// its k best (value, index) pairs, then calls a small flush helper that
// fences (the fence is in the helper, several lines away from the ticket),
// and the last block fences again before reading the candidates.
#include <cuda_runtime.h>

#define K 8

__device__ unsigned int finished = 0;

__device__ void flushToDevice() { __threadfence(); }

__global__ void blockTopK(const float *scores, int n, float *candVal, int *candIdx, float *outVal, int *outIdx) {
  __shared__ float val[K];
  __shared__ int idx[K];
  __shared__ bool last;
  if (threadIdx.x == 0) {
    for (int j = 0; j < K; ++j) { val[j] = -INFINITY; idx[j] = -1; }
    for (int i = blockIdx.x; i < n; i += gridDim.x) {  // a serial insertion, block-strided
      float s = scores[i];
      if (s <= val[K - 1]) continue;
      int j = K - 1;
      for (; j > 0 && val[j - 1] < s; --j) { val[j] = val[j - 1]; idx[j] = idx[j - 1]; }
      val[j] = s;
      idx[j] = i;
    }
    for (int j = 0; j < K; ++j) {
      candVal[blockIdx.x * K + j] = val[j];
      candIdx[blockIdx.x * K + j] = idx[j];
    }
    flushToDevice();
    const unsigned ticket = atomicInc(&finished, gridDim.x);
    last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (!last || threadIdx.x != 0) return;
  flushToDevice();
  for (int j = 0; j < K; ++j) { val[j] = -INFINITY; idx[j] = -1; }
  for (unsigned c = 0; c < gridDim.x * K; ++c) {
    const float s = candVal[c];
    if (s <= val[K - 1]) continue;
    int j = K - 1;
    for (; j > 0 && val[j - 1] < s; --j) { val[j] = val[j - 1]; idx[j] = idx[j - 1]; }
    val[j] = s;
    idx[j] = candIdx[c];
  }
  for (int j = 0; j < K; ++j) { outVal[j] = val[j]; outIdx[j] = idx[j]; }
  finished = 0;
}
