// corpus-run:
// Row softmax with a per-block workspace row in global memory, plus a
// grid-wide log-partition reported by the last block. Each block owns one
// row of ws[]: its threads write their exponentials there, fence with
// __threadfence_block() and meet at a barrier, and warp 0 then sums the
// row -- the workspace row is only ever read by its own block, so block
// scope is the right scope (the barrier alone would do). The row sums cross
// blocks: thread 0 publishes its row's sum with __threadfence() and a
// device-scope atomicAdd on the done counter, and the last block fences
// before it reads them.
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

constexpr int kCols = 1024, kBlock = 128;

__global__ void softmaxRows(const float* x, float* y, float* ws, float* rowSum, unsigned int* rowsDone,
                            float* logPartition) {
  __shared__ float sum;
  __shared__ bool isLast;
  const float* xr = x + (size_t)blockIdx.x * kCols;
  float* wr = ws + (size_t)blockIdx.x * kCols;
  for (int j = threadIdx.x; j < kCols; j += kBlock) wr[j] = __expf(xr[j]);
  __threadfence_block();
  __syncthreads();
  if (threadIdx.x < 32) {
    float s = 0.f;
    for (int j = threadIdx.x; j < kCols; j += 32) s += wr[j];
    for (int off = 16; off > 0; off >>= 1) s += __shfl_down_sync(0xffffffffu, s, off);
    if (threadIdx.x == 0) sum = s;
  }
  __syncthreads();
  for (int j = threadIdx.x; j < kCols; j += kBlock) y[(size_t)blockIdx.x * kCols + j] = wr[j] / sum;
  if (threadIdx.x == 0) {
    rowSum[blockIdx.x] = sum;
    __threadfence();
    isLast = atomicAdd(rowsDone, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (isLast && threadIdx.x == 0) {
    __threadfence();
    float total = 0.f;
    for (int r = 0; r < gridDim.x; ++r) total += logf(rowSum[r]);
    *logPartition = total;
    *rowsDone = 0;
  }
}

int main() {
  constexpr int rows = 12;
  constexpr size_t count = (size_t)rows * kCols;
  float* h_x = new float[count];
  for (size_t i = 0; i < count; ++i) h_x[i] = (float)(i % 13) * 0.1f;
  float *d_x, *d_y, *d_ws, *d_rowSum, *d_logZ, h_logZ = 0.f;
  unsigned int* d_done;
  CHECK(cudaMalloc(&d_x, count * sizeof(float)));
  CHECK(cudaMalloc(&d_y, count * sizeof(float)));
  CHECK(cudaMalloc(&d_ws, count * sizeof(float)));
  CHECK(cudaMalloc(&d_rowSum, rows * sizeof(float)));
  CHECK(cudaMalloc(&d_logZ, sizeof(float)));
  CHECK(cudaMalloc(&d_done, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_x, h_x, count * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_done, 0, sizeof(unsigned int)));
  softmaxRows<<<rows, kBlock>>>(d_x, d_y, d_ws, d_rowSum, d_done, d_logZ);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(&h_logZ, d_logZ, sizeof(float), cudaMemcpyDeviceToHost));
  printf("softmaxRows: %d rows of %d\n", rows, kCols);
  fprintf(stderr, "log partition = %f\n", h_logZ);
  delete[] h_x;
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_ws));
  CHECK(cudaFree(d_rowSum));
  CHECK(cudaFree(d_logZ));
  CHECK(cudaFree(d_done));
  return 0;
}
