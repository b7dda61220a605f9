// corpus-run:
// Fused standardisation: block 0 computes the mean and inverse standard
// deviation of the whole vector and broadcasts them to the other blocks
// through a mailbox (stats[0..1] plus a ready flag); blocks 1.. wait for the
// flag and standardise their slice. The producer fences the mailbox with
// __threadfence_block() before raising the flag with atomicExch: a
// block-scope fence orders the stats before the flag only for block 0's own
// threads. The consumers are other blocks, and may read the flag as raised
// and the stats as stale even though they fence after the flag. The
// producer needs __threadfence().
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

constexpr int kBlock = 256;

__global__ void standardise(const float* x, float* y, int n, float* stats, int* ready) {
  __shared__ float sum[kBlock], sq[kBlock];
  __shared__ float mean, invStd;
  int tid = threadIdx.x;
  if (blockIdx.x == 0) {
    float s = 0.f, q = 0.f;
    for (int i = tid; i < n; i += kBlock) {
      s += x[i];
      q += x[i] * x[i];
    }
    sum[tid] = s;
    sq[tid] = q;
    __syncthreads();
    for (int off = kBlock / 2; off > 0; off >>= 1) {
      if (tid < off) {
        sum[tid] += sum[tid + off];
        sq[tid] += sq[tid + off];
      }
      __syncthreads();
    }
    if (tid == 0) {
      float m = sum[0] / n;
      stats[0] = m;
      stats[1] = rsqrtf(sq[0] / n - m * m + 1e-5f);
      __threadfence_block();
      atomicExch(ready, 1);
    }
    return;
  }
  if (tid == 0) {
    while (*(volatile int*)ready == 0) {  // expect-run: race-volatile
    }
    __threadfence();
    mean = stats[0]; invStd = stats[1];  // expect-run: scope-too-narrow
  }
  __syncthreads();
  int perBlock = (n + gridDim.x - 2) / (gridDim.x - 1);
  int begin = (blockIdx.x - 1) * perBlock;
  for (int i = begin + tid; i < begin + perBlock && i < n; i += kBlock) y[i] = (x[i] - mean) * invStd;
}

int main() {
  constexpr int n = 8192, grid = 9;
  static float h_x[n];
  for (int i = 0; i < n; ++i) h_x[i] = (float)((i * 31) % 101) * 0.1f;
  float *d_x, *d_y, *d_stats;
  int* d_ready;
  CHECK(cudaMalloc(&d_x, n * sizeof(float)));
  CHECK(cudaMalloc(&d_y, n * sizeof(float)));
  CHECK(cudaMalloc(&d_stats, 2 * sizeof(float)));
  CHECK(cudaMalloc(&d_ready, sizeof(int)));
  CHECK(cudaMemcpy(d_x, h_x, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_ready, 0, sizeof(int)));
  standardise<<<grid, kBlock>>>(d_x, d_y, n, d_stats, d_ready);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  float h_y0 = 0.f;
  CHECK(cudaMemcpy(&h_y0, d_y, sizeof(float), cudaMemcpyDeviceToHost));
  printf("standardise: %d elements, 1 producer and %d consumer blocks\n", n, grid - 1);
  fprintf(stderr, "y[0] = %f\n", h_y0);
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_stats));
  CHECK(cudaFree(d_ready));
  return 0;
}
