// corpus-run:
// Forward differences d[i] = x[i+1] - x[i] over an array of any length:
// each warp stages its elements in shared memory, synchronises the lanes
// that hold data, and each lane subtracts its right neighbour (the last lane
// of a warp reads x[i+1] from global memory instead). The lanes with data
// are 0..last, whose mask is (2 << last) - 1 (all ones when last is 31): it
// names every lane that enters the branch and no other.
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

constexpr int kThreads = 128;

__global__ void forward_diff(const float* x, float* d, int n) {
  __shared__ float s[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int warp_base = blockIdx.x * kThreads + (t & ~31);
  if (warp_base >= n) return;  // whole warps past the end
  const int last = min(n - 1 - warp_base, 31);
  const unsigned with_data = (2u << last) - 1u;
  if (lane <= last) {
    const int i = warp_base + lane;
    s[t] = x[i];
    __syncwarp(with_data);
    if (i + 1 < n) d[i] = (lane < 31 ? s[t + 1] : x[i + 1]) - s[t];
  }
}

int main() {
  const int n = 300, blocks = (n + kThreads - 1) / kThreads;
  float *x, *d;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&d, n * sizeof(float)));
  for (int i = 0; i < n; ++i) x[i] = 0.5f * (float)((i * i) % 37);
  forward_diff<<<blocks, kThreads>>>(x, d, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i + 1 < n; ++i) sum += d[i] * (i % 3 + 1);
  printf("forward_diff: checksum %.2f\n", sum);
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(d));
  return 0;
}
