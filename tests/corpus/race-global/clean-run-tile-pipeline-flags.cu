// corpus-run:
// A two-stage pipeline inside one launch. The first kStages blocks are
// producers: block p computes the column sums of tile p of a matrix into
// stage[p][...] and then raises ready[p]. The next kStages blocks are
// consumers: block kStages + p waits for ready[p], then turns the column
// sums of tile p into column means and a tile total.
//
// Clean: each producer thread stores its column sum and executes
// __threadfence(); after __syncthreads() thread 0 raises the flag with
// atomicExch -- a fenced publication covering the whole tile. The consumer's
// thread 0 spins on the flag with volatile loads (strong, not plain),
// executes __threadfence() once it sees 1, and __syncthreads() hands that on
// to the threads that read stage[p]. The flag itself is only touched by the
// atomic and the volatile loads. 2 * kStages = 16 blocks all fit on the GPU
// at once, so no consumer spins forever.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kStages = 8, kCols = 128, kTileRows = 64;

__global__ void column_pipeline(const float* m, float* stage, int* ready, float* means, float* totals) {
  __shared__ float partial[kCols];
  const int col = threadIdx.x;
  if (blockIdx.x < kStages) {
    const int p = blockIdx.x;
    const float* tile = m + (size_t)p * kTileRows * kCols;
    float sum = 0.f;
    for (int r = 0; r < kTileRows; ++r) sum += tile[r * kCols + col];
    stage[p * kCols + col] = sum;
    __threadfence();
    __syncthreads();
    if (col == 0) atomicExch(&ready[p], 1);
  } else {
    const int p = blockIdx.x - kStages;
    if (col == 0) {
      while (*(volatile int*)&ready[p] == 0) {  // expect-run: race-volatile
      }
      __threadfence();
    }
    __syncthreads();
    const float mean = stage[p * kCols + col] / kTileRows;
    means[p * kCols + col] = mean;
    partial[col] = mean;
    __syncthreads();
    if (col == 0) {
      float t = 0.f;
      for (int c = 0; c < kCols; ++c) t += partial[c];
      totals[p] = t;
    }
  }
}

int main() {
  float *m, *stage, *means, *totals;
  int* ready;
  const int rows = kStages * kTileRows;
  CHECK(cudaMallocManaged(&m, (size_t)rows * kCols * sizeof(float)));
  CHECK(cudaMalloc(&stage, kStages * kCols * sizeof(float)));
  CHECK(cudaMalloc(&ready, kStages * sizeof(int)));
  CHECK(cudaMallocManaged(&means, kStages * kCols * sizeof(float)));
  CHECK(cudaMallocManaged(&totals, kStages * sizeof(float)));
  for (int i = 0; i < rows * kCols; ++i) m[i] = (float)((i * 17) % 29);
  CHECK(cudaMemset(ready, 0, kStages * sizeof(int)));
  column_pipeline<<<2 * kStages, kCols>>>(m, stage, ready, means, totals);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  for (int p = 0; p < kStages; ++p) printf("tile %d: sum of column means %.4f\n", p, totals[p]);
  CHECK(cudaFree(m));
  CHECK(cudaFree(stage));
  CHECK(cudaFree(ready));
  CHECK(cudaFree(means));
  CHECK(cudaFree(totals));
  return 0;
}
