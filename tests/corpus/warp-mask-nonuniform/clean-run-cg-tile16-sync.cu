// corpus-run:
// Row-wise softmax over rows of 16 values with cooperative groups: the
// block is cut into 16-thread tiles (two per warp), each tile stages its
// row in shared memory, synchronises with tile.sync(), and every thread
// computes its probability from the row's maximum and sum. tile.sync() of
// a 16-thread tile is a __syncwarp() with the tile's mask: the two tiles of
// a warp pass different masks, 0x0000ffff and 0xffff0000, but the masks are
// disjoint, which the guide allows ("provided the masks are disjoint").
#include <cmath>
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kThreads = 128, kRow = 16;

__global__ void softmax16(const float* x, float* y) {
  __shared__ float row[kThreads];
  cg::thread_block_tile<kRow> tile = cg::tiled_partition<kRow>(cg::this_thread_block());
  const int t = threadIdx.x, first = t - (int)tile.thread_rank();
  const int i = blockIdx.x * kThreads + t;
  row[t] = x[i];
  tile.sync();
  float m = row[first];
  for (int j = 1; j < kRow; ++j) m = fmaxf(m, row[first + j]);
  float sum = 0.0f;
  for (int j = 0; j < kRow; ++j) sum += __expf(row[first + j] - m);
  y[i] = __expf(row[t] - m) / sum;
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  float *x, *y;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; ++i) x[i] = 0.1f * (float)((i * 7) % 23);
  softmax16<<<blocks, kThreads>>>(x, y);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += y[i];
  printf("softmax16: total probability %.3f over %d rows\n", sum, n / kRow);
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return 0;
}
