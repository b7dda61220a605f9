// corpus-run:
// Byte histogram without global atomics on the bins: each block counts its
// chunk in shared memory, writes its 256 counts to its own row of
// partial[], and bumps a done counter; the last block to finish sums the
// rows into the final histogram. The rows are fenced with
// cuda::atomic_thread_fence(memory_order_release, thread_scope_block) -- the
// libcu++ spelling of __threadfence_block() -- before the counter. Its scope
// is the block: the last block, a different one, may see the counter at
// gridDim.x - 1 and read rows that have not reached it. The fence must be
// thread_scope_device.
#include <cstdio>
#include <cuda/atomic>
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

constexpr int kBins = 256;

__global__ void histogramMerge(const unsigned char* data, int n, unsigned int* partial, unsigned int* hist,
                               unsigned int* blocksDone) {
  __shared__ unsigned int local[kBins];
  __shared__ bool isLast;
  int tid = threadIdx.x;
  local[tid] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  partial[blockIdx.x * kBins + tid] = local[tid];
  cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
  __syncthreads();
  if (tid == 0) isLast = atomicAdd(blocksDone, 1u) == gridDim.x - 1;
  __syncthreads();
  if (isLast) {
    __threadfence();
    unsigned int total = 0;
    for (int b = 0; b < gridDim.x; ++b) total += partial[b * kBins + tid];  // expect-run: scope-too-narrow
    hist[tid] = total;
    if (tid == 0) *blocksDone = 0;
  }
}

int main() {
  constexpr int n = 1 << 16, grid = 8;
  static unsigned char h_data[n];
  static unsigned int h_hist[kBins];
  for (int i = 0; i < n; ++i) h_data[i] = (unsigned char)((i * 131 + 7) & 0xff);
  unsigned char* d_data;
  unsigned int *d_partial, *d_hist, *d_done;
  CHECK(cudaMalloc(&d_data, n));
  CHECK(cudaMalloc(&d_partial, grid * kBins * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_hist, kBins * sizeof(unsigned int)));
  CHECK(cudaMalloc(&d_done, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_data, h_data, n, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_done, 0, sizeof(unsigned int)));
  histogramMerge<<<grid, kBins>>>(d_data, n, d_partial, d_hist, d_done);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_hist, d_hist, sizeof h_hist, cudaMemcpyDeviceToHost));
  unsigned int total = 0;
  for (int b = 0; b < kBins; ++b) total += h_hist[b];
  printf("histogramMerge: %d bytes, %d blocks, %d bins\n", n, grid, kBins);
  fprintf(stderr, "counted %u\n", total);
  CHECK(cudaFree(d_data));
  CHECK(cudaFree(d_partial));
  CHECK(cudaFree(d_hist));
  CHECK(cudaFree(d_done));
  return 0;
}
