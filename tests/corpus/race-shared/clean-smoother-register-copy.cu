// corpus-run:
// Iterative Jacobi smoothing of 128-sample signal segments in shared
// memory, done in place safely: each sweep computes the new value into a
// register, waits at a barrier until every thread has read its neighbours,
// then stores it and waits again before the next sweep reads. The
// boundary samples keep their value (a uniform barrier, divergent update).
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

constexpr int kSeg = 128;

__global__ void smooth(float* signal, int sweeps) {
  __shared__ float x[kSeg];
  int i = threadIdx.x;
  float* seg = signal + blockIdx.x * kSeg;
  x[i] = seg[i];
  __syncthreads();
  bool interior = i > 0 && i < kSeg - 1;
  for (int s = 0; s < sweeps; ++s) {
    float next = interior ? 0.5f * x[i] + 0.25f * (x[i - 1] + x[i + 1]) : x[i];
    __syncthreads();
    if (interior) x[i] = next;
    __syncthreads();
  }
  seg[i] = x[i];
}

int main() {
  constexpr int segments = 4, n = segments * kSeg;
  static float h[n];
  for (int k = 0; k < n; ++k) h[k] = (k % 16 < 8) ? 1.f : -1.f;
  float* d;
  CHECK(cudaMalloc(&d, sizeof h));
  CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
  smooth<<<segments, kSeg>>>(d, 4);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  double energy = 0;
  for (int k = 0; k < n; ++k) energy += h[k] * h[k];
  printf("smooth: energy after smoothing %.4f\n", energy);
  CHECK(cudaFree(d));
  return 0;
}
