// Greedy decoding: arg-max over a vocabulary row, one block per sequence.
// Each warp reduces (value, index) pairs with shuffles, the warp leaders
// park their winners in shared memory, and the first warp reduces those.
// The port changed the warp count to `blockDim.x / warpSize` but left the
// leader and warp indices at `& 31` and `>> 5`: on gfx90a each wavefront
// writes its two halves' winners into slots 2k and 2k+1, but the second
// level only reads the first blockDim.x / 64 slots, so candidates from the
// upper half of the block are never compared.
#include <hip/hip_runtime.h>
#include <cfloat>

template <typename T>
__device__ void warpArgMax(T &val, int &idx) {
  for (int o = 16; o > 0; o /= 2) { // expect: hip-warpsize-hardcoded
    const T ov = __shfl_down(val, o);
    const int oi = __shfl_down(idx, o);
    if (ov > val || (ov == val && oi < idx)) { val = ov; idx = oi; }
  }
}

template <typename T>
__global__ void argmaxRows(const T *__restrict__ logits, int vocab, int *__restrict__ tokens) {
  __shared__ T bestVal[32];
  __shared__ int bestIdx[32];
  const int lane = threadIdx.x & 31; // expect: hip-warpsize-hardcoded
  const int warp = threadIdx.x >> 5; // expect: hip-warpsize-hardcoded
  const T *row = logits + (size_t)blockIdx.x * vocab;

  T v = -FLT_MAX;
  int i = -1;
  for (int c = threadIdx.x; c < vocab; c += blockDim.x)
    if (row[c] > v) { v = row[c]; i = c; }
  warpArgMax(v, i);
  if (lane == 0) { bestVal[warp] = v; bestIdx[warp] = i; }
  __syncthreads();

  const int numWarps = blockDim.x / warpSize;
  if (warp == 0) {
    v = lane < numWarps ? bestVal[lane] : (T)-FLT_MAX;
    i = lane < numWarps ? bestIdx[lane] : -1;
    warpArgMax(v, i);
    if (lane == 0) tokens[blockIdx.x] = i;
  }
}

template __global__ void argmaxRows<float>(const float *, int, int *);
