// corpus-run:
// Row maxima of a matrix whose row length (45) is not a multiple of 32:
// one warp per row walks the row in 32-wide chunks held in shared memory.
// The last chunk is partial; its padding lanes know that the others will
// synchronise, so they "take part in the barrier" before leaving.
//
// Bug: the padding lanes call a __syncwarp() of their own and return; the
// lanes with data call the later __syncwarp(). Both calls name the whole
// warp, so each one names lanes that execute the other call, not this one:
// the guide asks for the same __syncwarp() (lanes that have exited would be
// fine, lanes waiting elsewhere are not). Let the padding lanes return
// without a __syncwarp(), or pad the chunk and keep them.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kCols = 45, kRowsPerBlock = 2;

__global__ void row_max(const float* m, float* out) {
  __shared__ float chunk[kRowsPerBlock][32];
  const int lane = threadIdx.x & 31, r = threadIdx.x >> 5;
  const int row = blockIdx.x * kRowsPerBlock + r;
  float best = m[row * kCols + lane];  // the first chunk is full
  const int col = 32 + lane;
  if (col >= kCols) {
    // expect-run-next-line: warp-mask-inactive-lane
    __syncwarp();  // expect: warp-mask-inactive-lane
    return;
  }
  chunk[r][lane] = fmaxf(best, m[row * kCols + col]);
  __syncwarp();
  if (lane == 0) {
    for (int j = 1; j < kCols - 32; ++j) best = fmaxf(best, chunk[r][j]);
    out[row] = fmaxf(best, chunk[r][0]);
  }
}

int main() {
  const int rows = 6;
  float *m, *out;
  CUDA_CHECK(cudaMallocManaged(&m, rows * kCols * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, rows * sizeof(float)));
  for (int i = 0; i < rows * kCols; ++i) m[i] = (float)((i * 73) % 97);
  row_max<<<rows / kRowsPerBlock, kRowsPerBlock * 32>>>(m, out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int r = 0; r < rows; ++r) printf("row %d: %.0f\n", r, out[r]);
  CUDA_CHECK(cudaFree(m));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
