// fault_shadow_oom: the program takes nearly all of the GPU's memory and
// then launches a kernel that needs more detector memory than the earlier
// launch did. An earlier launch raced.
//
// warpcheck cannot allocate what it needs to check the second launch: it
// must say so (the kernel was not checked, and why) and keep the first
// launch's finding; the program runs on unharmed.
//
// EXPECT: race-shared write read
// EXPECT-MESSAGE: not checked
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

#define NAME "fault_shadow_oom"

__global__ void kernel(int* data, int n) {
  extern __shared__ int s[];
  int tid = threadIdx.x;
  int* mine = data + blockIdx.x * blockDim.x;  // each block its own part
  if (tid < n) s[tid] = mine[tid];             // @write
  mine[tid] = s[(tid + 32) % blockDim.x];      // @read
}

int main() {
  int* d;
  cudaMalloc(&d, 4096 * 1024 * sizeof(int));
  cudaMemset(d, 0, 4096 * 1024 * sizeof(int));
  kernel<<<1, 128, 128 * sizeof(int)>>>(d, 128);
  cudaError_t first = cudaDeviceSynchronize();
  // Take what is left, in shrinking pieces.
  std::vector<void*> hog;
  for (size_t piece = 1ull << 30; piece >= (1u << 20); piece /= 2) {
    void* p;
    while (cudaMalloc(&p, piece) == cudaSuccess) hog.push_back(p);
  }
  cudaGetLastError();
  // Many more blocks and more shared memory: the detector's buffers must grow.
  kernel<<<4096, 1024, 1024 * sizeof(int)>>>(d, 1024);
  cudaError_t second = cudaDeviceSynchronize();
  for (void* p : hog) cudaFree(p);
  printf("%s: first %s, second %s\n", NAME, first == cudaSuccess ? "ok" : "failed",
         second == cudaSuccess ? "ok" : "failed");
  return 0;
}
