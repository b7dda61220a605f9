// corpus-run:
// Iterative smoothing of signal segments: each block stages a segment of 128
// samples in shared memory and runs several Jacobi sweeps
//   x[i] <- 0.5 x[i] + 0.25 (x[i-1] + x[i+1])
// with a barrier after each sweep. The sweep is done in place: thread i
// reads x[i+1] while thread i+1 overwrites it in the same sweep (in the
// same warp, or across the warp boundary at i = 31, 63, 95), so the result
// depends on scheduling. Jacobi needs a second buffer, or a register copy
// and a barrier between the reads and the writes.
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
  for (int s = 0; s < sweeps; ++s) {
    if (i > 0 && i < kSeg - 1) x[i] = 0.5f * x[i] + 0.25f * (x[i - 1] + x[i + 1]);  // expect-run: race-shared
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
  printf("smooth: %d segments\n", segments);
  fprintf(stderr, "energy after smoothing %.4f\n", energy);
  CHECK(cudaFree(d));
  return 0;
}
