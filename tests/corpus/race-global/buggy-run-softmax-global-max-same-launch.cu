// corpus-run:
// Numerically stable softmax over one long vector, split over the blocks of
// one launch: each block finds the maximum of its slice and stores it in
// block_max[blockIdx.x]; then every block scans block_max[] for the global
// maximum, and each thread writes exp(x - max) for its elements (a second
// launch sums and divides).
//
// Bug: __syncthreads() orders the threads of one block only. The loop that
// reads block_max[] of every block runs while the other blocks may not have
// stored their maximum yet: a read of another block's output in the same
// launch with no synchronisation at all (inter-block read-after-write).
// The fix is to end the kernel after the per-block maximum and read
// block_max[] in the next launch.
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

__global__ void exp_shifted(const float* x, float* e, float* block_max) {
  __shared__ float s[kThreads];
  const int tid = threadIdx.x;
  const int base = blockIdx.x * kThreads * kPerThread;
  float m = -INFINITY;
  for (int k = 0; k < kPerThread; ++k) m = fmaxf(m, x[base + k * kThreads + tid]);
  s[tid] = m;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] = fmaxf(s[tid], s[tid + stride]);
    __syncthreads();
  }
  if (tid == 0) block_max[blockIdx.x] = s[0];
  __syncthreads();
  float global_max = -INFINITY;
  for (int b = 0; b < gridDim.x; ++b)
    global_max = fmaxf(global_max, block_max[b]);  // expect-run: race-global
  for (int k = 0; k < kPerThread; ++k) {
    const int i = base + k * kThreads + tid;
    e[i] = __expf(x[i] - global_max);
  }
}

__global__ void normalize(float* e, int n) {
  __shared__ float s[kThreads];
  float t = 0.f;
  for (int i = threadIdx.x; i < n; i += kThreads) t += e[i];
  s[threadIdx.x] = t;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  const float inv = 1.f / s[0];
  for (int i = threadIdx.x; i < n; i += kThreads) e[i] *= inv;
}

int main() {
  float *x, *e, *block_max;
  CHECK(cudaMallocManaged(&x, kN * sizeof(float)));
  CHECK(cudaMallocManaged(&e, kN * sizeof(float)));
  CHECK(cudaMalloc(&block_max, kBlocks * sizeof(float)));
  for (int i = 0; i < kN; ++i) x[i] = (float)((i * 131) % 997) * 0.05f;
  exp_shifted<<<kBlocks, kThreads>>>(x, e, block_max);
  CHECK(cudaGetLastError());
  normalize<<<1, kThreads>>>(e, kN);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  float top = 0.f;
  for (int i = 0; i < kN; ++i) top = fmaxf(top, e[i]);
  printf("softmax: %d values over %d blocks\n", kN, kBlocks);
  fprintf(stderr, "largest probability %g (depends on the maximum each block saw)\n", top);
  CHECK(cudaFree(x));
  CHECK(cudaFree(e));
  CHECK(cudaFree(block_max));
  return 0;
}
