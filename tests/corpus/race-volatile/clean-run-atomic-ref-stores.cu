// corpus-run:
// volatile_store_fixed: volatile_store_bug.cu with the `volatile` stores
// made relaxed device-scope atomic stores (cuda::atomic_ref): atomics of one
// word never race with each other.
//
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

__global__ void last_writer(int* word) {
  if (threadIdx.x != 0) return;
  cuda::atomic_ref<int, cuda::thread_scope_device>(*word).store(blockIdx.x, cuda::memory_order_relaxed);
  if (blockIdx.x == 0) atomicExch(word, -1);
}

int main() {
  int* word;
  CHECK(cudaMallocManaged(&word, sizeof(int)));
  *word = 0;
  last_writer<<<8, 32>>>(word);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  fprintf(stderr, "word %d\n", *word);
  printf("volatile_store: done\n");
  CHECK(cudaFree(word));
  return 0;
}
