// corpus-run:
// Odd-even transposition sort of 32 keys per warp in shared memory: in
// even phases lane pairs (0,1), (2,3), ... compare-exchange, in odd phases
// (1,2), (3,4), ..., (29,30). Each lane owns the pair that starts at its
// lane. In odd phases lanes 0 and 31 have no pair but still reach the
// __syncwarp() that ends the phase, so it keeps the full mask.
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

__global__ void warp_sort(int* keys) {
  __shared__ int k[64];
  const int t = threadIdx.x, lane = t & 31;
  k[t] = keys[blockIdx.x * 64 + t];
  __syncwarp();
  for (int phase = 0; phase < 32; ++phase) {
    const bool odd = phase & 1;
    if ((lane & 1) == (int)odd && lane < 31) {
      const int a = k[t], b = k[t + 1];
      if (a > b) {
        k[t] = b;
        k[t + 1] = a;
      }
    }
    __syncwarp();
  }
  keys[blockIdx.x * 64 + t] = k[t];
}

int main() {
  const int blocks = 2, n = blocks * 64;
  int* keys;
  CUDA_CHECK(cudaMallocManaged(&keys, n * sizeof(int)));
  for (int i = 0; i < n; ++i) keys[i] = (i * 7919) % 211;
  warp_sort<<<blocks, 64>>>(keys);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int unsorted = 0;
  for (int i = 0; i < n; ++i)
    if (i % 32 != 31 && keys[i] > keys[i + 1]) ++unsorted;
  printf("warp_sort: %d unsorted neighbours\n", unsorted);
  CUDA_CHECK(cudaFree(keys));
  return 0;
}
