// Softmax over attention rows of exactly 32 scores (e.g. a 32-token local
// window): every 32-thread group owns one row and reduces it with
// shuffles that pass an explicit width of 32, so on a 64-lane gfx90a
// wavefront the two halves reduce their own rows independently, as
// intended. `threadIdx.x % 32` is the column inside the row and
// `threadIdx.x / 32` the row inside the block; both are right for any
// wavefront size because every shuffle stays inside its 32-lane group.
#include <hip/hip_runtime.h>

#define WINDOW 32
#define ROWS_PER_BLOCK 8

__device__ __forceinline__ float groupMax(float v) {
  for (int o = WINDOW / 2; o > 0; o /= 2) v = fmaxf(v, __shfl_xor(v, o, WINDOW));
  return v;
}

__device__ __forceinline__ float groupSum(float v) {
  for (int o = WINDOW / 2; o > 0; o /= 2) v += __shfl_xor(v, o, WINDOW);
  return v;
}

__global__ void localWindowSoftmax(const float *__restrict__ scores, float *__restrict__ probs, int rows,
                                   float scale) {
  const int col = threadIdx.x % WINDOW;
  const int row = blockIdx.x * ROWS_PER_BLOCK + threadIdx.x / WINDOW;
  // Rows past the end still take part in the shuffles, with neutral data.
  const bool valid = row < rows;
  const float s = valid ? scores[(size_t)row * WINDOW + col] * scale : -1e30f;
  const float m = groupMax(s);
  const float e = __expf(s - m);
  const float sum = groupSum(e);
  if (valid) probs[(size_t)row * WINDOW + col] = e / sum;
}

void softmaxWindows(const float *scores, float *probs, int rows, hipStream_t st) {
  dim3 grid((rows + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK), block(ROWS_PER_BLOCK * WINDOW);
  hipLaunchKernelGGL(localWindowSoftmax, grid, block, 0, st, scores, probs, rows, 0.125f);
}
