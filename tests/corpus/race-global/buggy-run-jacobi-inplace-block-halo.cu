// corpus-run:
// Relaxes a 1-D Poisson problem, u'' = f with fixed ends, for several sweeps
// in one launch. Each block owns a tile of blockDim.x points of u and
// updates it in place; within the block every sweep is safe: all threads
// compute the new value, __syncthreads(), all threads store it,
// __syncthreads() again.
//
// Bug: the end points of a tile need u[i - 1] and u[i + 1] of the
// neighbouring tiles, which other blocks overwrite in the same launch at
// their own pace. The barriers order the threads of one block only: the
// first thread of block b reads u[b * T - 1] while block b - 1 stores it,
// sweep after sweep (inter-block read-after-write and write-after-read).
// Sweeps that cross tiles need one launch each, reading one buffer and
// writing another.
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

constexpr int kThreads = 128, kBlocks = 16, kN = kThreads * kBlocks, kSweeps = 8;

__global__ void jacobi_sweeps(float* u, const float* f, float h2, int n, int sweeps) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int s = 0; s < sweeps; ++s) {
    float next = 0.f;
    if (i > 0 && i < n - 1) next = 0.5f * (u[i - 1] + u[i + 1] - h2 * f[i]);
    __syncthreads();
    if (i > 0 && i < n - 1) u[i] = next;  // expect-run: race-global
    __syncthreads();
  }
}

int main() {
  float *u, *f;
  CHECK(cudaMallocManaged(&u, kN * sizeof(float)));
  CHECK(cudaMallocManaged(&f, kN * sizeof(float)));
  const float h = 1.f / (kN - 1);
  for (int i = 0; i < kN; ++i) {
    u[i] = 0.f;
    f[i] = (i % 200 < 100) ? 1.f : -1.f;
  }
  u[kN - 1] = 1.f;
  jacobi_sweeps<<<kBlocks, kThreads>>>(u, f, h * h, kN, kSweeps);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < kN; ++i) sum += u[i];
  printf("jacobi: %d points, %d sweeps in one launch\n", kN, kSweeps);
  fprintf(stderr, "sum of u %.6f (depends on the order of the blocks)\n", sum);
  CHECK(cudaFree(u));
  CHECK(cudaFree(f));
  return 0;
}
