// corpus-run:
// Upwind flux differences on a 1-D grid: each lane computes the flux at its
// cell face, stores it in shared memory, and then needs the flux of its
// right neighbour. The author synchronises each lane "with the neighbour it
// reads": mask 3 << lane (itself and lane + 1; lane 31 reads global memory).
//
// Bug: all 32 lanes reach this __syncwarp() together, lane 0 with 0x3,
// lane 1 with 0x6, lane 2 with 0xc, ...: overlapping, different masks. Every
// lane named in a mask must pass the same mask, so a chain of pairwise masks
// is not a valid way to order neighbours; the full mask is.
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

__device__ float flux(float u) { return u > 0.0f ? 0.5f * u * u : -0.25f * u; }

__global__ void flux_diff(const float* u, float* du, int n) {
  __shared__ float f[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int i = blockIdx.x * kThreads + t;  // n is a multiple of kThreads
  f[t] = flux(u[i]);
  // expect-run-next-line: warp-mask-nonuniform
  __syncwarp(3u << lane);  // expect: warp-mask-nonuniform
  const float right = lane < 31 ? f[t + 1] : flux(u[(i + 1) % n]);
  du[i] = right - f[t];
}

int main() {
  const int n = 512;
  float *u, *du;
  CUDA_CHECK(cudaMallocManaged(&u, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&du, n * sizeof(float)));
  for (int i = 0; i < n; ++i) u[i] = (float)((i * 29) % 13) - 6.0f;
  flux_diff<<<n / kThreads, kThreads>>>(u, du, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += du[i] * (i % 5 + 1);
  printf("flux_diff: checksum %.3f\n", sum);
  CUDA_CHECK(cudaFree(u));
  CUDA_CHECK(cudaFree(du));
  return 0;
}
