// corpus-run:
// Segmented broadcast over fixed segments of 8 lanes (each segment is one
// key group of a sorted batch): the first lane of a segment loads the
// group's scale factor into shared memory, and every lane of the segment
// reads it. All four segments of a warp run the same code at the same time,
// so a single full-mask __syncwarp() orders the loads before the reads.
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

constexpr int kThreads = 64, kSeg = 8;

__global__ void scale_groups(const float* scale, const float* x, float* y) {
  __shared__ float s[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int head = lane & ~(kSeg - 1);
  const int i = blockIdx.x * kThreads + t;
  if (lane == head) s[t] = scale[i / kSeg];
  __syncwarp();
  y[i] = x[i] * s[t - (lane - head)];
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  float *scale, *x, *y;
  CUDA_CHECK(cudaMallocManaged(&scale, n / kSeg * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int g = 0; g < n / kSeg; ++g) scale[g] = 0.5f * (g % 4 + 1);
  for (int i = 0; i < n; ++i) x[i] = (float)(i % 9);
  scale_groups<<<blocks, kThreads>>>(scale, x, y);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += y[i];
  printf("scale_groups: sum %.2f\n", sum);
  CUDA_CHECK(cudaFree(scale));
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(y));
  return 0;
}
