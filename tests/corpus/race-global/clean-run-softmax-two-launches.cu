// corpus-run:
// Numerically stable softmax over one long vector, in three launches: the
// first stores each block's maximum in block_max[blockIdx.x]; the second
// reads all of block_max[] (written by other blocks) to find the global
// maximum, writes exp(x - max) and each block's sum of those in
// block_sum[]; the third reads every block_sum[] and divides.
//
// Clean: every read of another block's result happens in a later launch
// than the write. Launches on one stream run one after the other, each
// seeing all memory effects of the previous one, so the cross-block reads
// of block_max[] and block_sum[] need no fence and no flag.
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

constexpr int kThreads = 256, kBlocks = 12, kPerThread = 4;
constexpr int kN = kThreads * kBlocks * kPerThread;

__device__ float block_reduce(float* s, float v, bool take_max) {
  const int tid = threadIdx.x;
  s[tid] = v;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] = take_max ? fmaxf(s[tid], s[tid + stride]) : s[tid] + s[tid + stride];
    __syncthreads();
  }
  const float r = s[0];
  __syncthreads();
  return r;
}

__global__ void slice_max(const float* x, float* block_max) {
  __shared__ float s[kThreads];
  const int base = blockIdx.x * kThreads * kPerThread;
  float m = -INFINITY;
  for (int k = 0; k < kPerThread; ++k) m = fmaxf(m, x[base + k * kThreads + threadIdx.x]);
  m = block_reduce(s, m, true);
  if (threadIdx.x == 0) block_max[blockIdx.x] = m;
}

__global__ void exp_shifted(const float* x, const float* block_max, float* e, float* block_sum) {
  __shared__ float s[kThreads];
  float global_max = -INFINITY;
  for (int b = 0; b < gridDim.x; ++b) global_max = fmaxf(global_max, block_max[b]);
  const int base = blockIdx.x * kThreads * kPerThread;
  float t = 0.f;
  for (int k = 0; k < kPerThread; ++k) {
    const int i = base + k * kThreads + threadIdx.x;
    e[i] = __expf(x[i] - global_max);
    t += e[i];
  }
  t = block_reduce(s, t, false);
  if (threadIdx.x == 0) block_sum[blockIdx.x] = t;
}

__global__ void divide(float* e, const float* block_sum, int blocks) {
  float total = 0.f;
  for (int b = 0; b < blocks; ++b) total += block_sum[b];
  const float inv = 1.f / total;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kN; i += gridDim.x * blockDim.x) e[i] *= inv;
}

int main() {
  float *x, *e, *block_max, *block_sum;
  CHECK(cudaMallocManaged(&x, kN * sizeof(float)));
  CHECK(cudaMallocManaged(&e, kN * sizeof(float)));
  CHECK(cudaMalloc(&block_max, kBlocks * sizeof(float)));
  CHECK(cudaMalloc(&block_sum, kBlocks * sizeof(float)));
  for (int i = 0; i < kN; ++i) x[i] = (float)((i * 131) % 997) * 0.05f;
  slice_max<<<kBlocks, kThreads>>>(x, block_max);
  CHECK(cudaGetLastError());
  exp_shifted<<<kBlocks, kThreads>>>(x, block_max, e, block_sum);
  CHECK(cudaGetLastError());
  divide<<<32, 256>>>(e, block_sum, kBlocks);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double total = 0;
  float top = 0.f;
  for (int i = 0; i < kN; ++i) {
    total += e[i];
    top = fmaxf(top, e[i]);
  }
  printf("softmax: %d values, sum %.4f, largest %.6e\n", kN, total, top);
  CHECK(cudaFree(x));
  CHECK(cudaFree(e));
  CHECK(cudaFree(block_max));
  CHECK(cudaFree(block_sum));
  return 0;
}
