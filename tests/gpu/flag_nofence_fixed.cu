// flag_nofence_fixed: the producer/consumer of flag_nofence_bug.cu with a
// __threadfence() between the data and the flag, and another after the
// consumer sees the flag.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kValues = 64;

__global__ void hand_over(int* data, int* flag, int* out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    for (int i = 0; i < kValues; ++i) data[i] = i * i;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (cuda::atomic_ref<int, cuda::thread_scope_device>(*flag).load(cuda::memory_order_relaxed) == 0) {
    }
    __threadfence();
    int sum = 0;
    for (int i = 0; i < kValues; ++i) sum += data[i];
    *out = sum;
  }
}

int main() {
  int *data, *flag, *out;
  CHECK(cudaMalloc(&data, kValues * sizeof(int)));
  CHECK(cudaMalloc(&flag, sizeof(int)));
  CHECK(cudaMallocManaged(&out, sizeof(int)));
  CHECK(cudaMemset(flag, 0, sizeof(int)));
  hand_over<<<2, 32>>>(data, flag, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("flag_nofence: sum %d\n", *out);
  CHECK(cudaFree(data));
  CHECK(cudaFree(flag));
  CHECK(cudaFree(out));
  return 0;
}
