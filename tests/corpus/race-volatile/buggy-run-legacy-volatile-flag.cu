// corpus-run:
// volatile_flag_legacy (no twin): the legacy message-passing idiom with a
// `volatile` flag and __threadfence() on both sides.
//
// Block 0 writes the data, fences and sets the flag through a `volatile`
// pointer; block 1 spins on the flag through a `volatile` pointer, fences
// and reads the data. The fences order the data (PTX treats volatile
// accesses as relaxed system-scope ones): no finding on the data. The flag
// itself is a volatile store and volatile loads of different threads,
// unordered: under CUDA C++ (volatile is not atomic) a race-volatile
// warning on the flag, whose fix is cuda::atomic_ref.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

__global__ void hand_over(int* data, int* flag) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    data[0] = 42;
    __threadfence();
    *(volatile int*)flag = 1;  // expect-run: race-volatile
  } else {
    while (*(volatile int*)flag == 0) {  // expect-run: race-volatile
    }
    __threadfence();
    data[1] = data[0] + 1;
  }
}

int main() {
  int *data, *flag;
  CHECK(cudaMallocManaged(&data, 2 * sizeof(int)));
  CHECK(cudaMalloc(&flag, sizeof(int)));
  CHECK(cudaMemset(flag, 0, sizeof(int)));
  hand_over<<<2, 32>>>(data, flag);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("volatile_flag_legacy: data[1] = %d\n", data[1]);
  CHECK(cudaFree(data));
  CHECK(cudaFree(flag));
  return 0;
}
