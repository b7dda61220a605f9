// corpus-run:
// Layer normalisation of the rows of an activation matrix, in place: one
// block per row; thread t owns columns t, t + blockDim.x, ... It loads its
// columns once into registers, the block reduces the sum and the sum of
// squares in shared memory, and each thread writes (x - mean) / sigma *
// gamma + beta back over its own columns.
//
// Clean: the statistics need every element of the row, but they travel
// through shared memory and registers; in global memory each element is
// loaded and then stored by the one thread that owns it, and gamma and
// beta are only read. No global word is touched by two threads, so the
// in-place update needs no barrier for global memory (the __syncthreads()
// calls order the shared-memory reduction only).
#include <cmath>
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

constexpr int kRows = 64, kCols = 768, kThreads = 128, kPerThread = kCols / kThreads;

__global__ void layernorm_inplace(float* x, const float* gamma, const float* beta, float eps) {
  __shared__ float s_sum[kThreads], s_sq[kThreads];
  float* row = x + (size_t)blockIdx.x * kCols;
  const int tid = threadIdx.x;
  float v[kPerThread], sum = 0.f, sq = 0.f;
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) {
    v[k] = row[tid + k * kThreads];
    sum += v[k];
    sq += v[k] * v[k];
  }
  s_sum[tid] = sum;
  s_sq[tid] = sq;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (tid < stride) {
      s_sum[tid] += s_sum[tid + stride];
      s_sq[tid] += s_sq[tid + stride];
    }
    __syncthreads();
  }
  const float mean = s_sum[0] / kCols;
  const float rstd = rsqrtf(fmaxf(s_sq[0] / kCols - mean * mean, 0.f) + eps);
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) {
    const int c = tid + k * kThreads;
    row[c] = (v[k] - mean) * rstd * gamma[c] + beta[c];
  }
}

int main() {
  float *x, *gamma, *beta;
  CHECK(cudaMallocManaged(&x, kRows * kCols * sizeof(float)));
  CHECK(cudaMallocManaged(&gamma, kCols * sizeof(float)));
  CHECK(cudaMallocManaged(&beta, kCols * sizeof(float)));
  for (int i = 0; i < kRows * kCols; ++i) x[i] = (float)((i * 53) % 97) * 0.1f - 4.f;
  for (int c = 0; c < kCols; ++c) {
    gamma[c] = 1.f + 0.01f * (float)(c % 10);
    beta[c] = 0.001f * (float)(c % 7);
  }
  layernorm_inplace<<<kRows, kThreads>>>(x, gamma, beta, 1e-5f);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double sum = 0, sq = 0;
  for (int c = 0; c < kCols; ++c) {
    sum += x[c];
    sq += (double)x[c] * x[c];
  }
  printf("layernorm: %d rows of %d, row 0 mean %.3f, mean square %.3f\n", kRows, kCols, sum / kCols,
         sq / kCols);
  CHECK(cudaFree(x));
  CHECK(cudaFree(gamma));
  CHECK(cudaFree(beta));
  return 0;
}
