// corpus-run:
// Single-pass dot product with the programming guide's "last block" pattern
// (§5.4.4.3): each block reduces its share of x . y in shared memory, thread
// 0 stores the block's partial sum in partial[blockIdx.x], executes
// __threadfence(), then takes a ticket with atomicInc. The block that draws
// the last ticket adds up all the partial sums.
//
// Clean: the partial sums are published properly -- plain store,
// __threadfence(), then the atomic -- and the last block observes all the
// others through the counter: its thread 0's atomicInc returns gridDim.x - 1
// only after every other block's increment. The __syncthreads() passes that
// on to the whole block, which fences again before it reads partial[].
// atomicInc(&count, gridDim.x - 1) wraps the counter back to 0 on the last
// ticket, so the next launch starts from 0 and no plain reset store mixes
// with the atomics.
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

constexpr int kThreads = 256, kBlocks = 16, kN = 100000;

__device__ unsigned int tickets = 0;

__device__ float block_sum(float* s, float v) {
  const int tid = threadIdx.x;
  s[tid] = v;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  const float r = s[0];
  __syncthreads();
  return r;
}

__global__ void dot(const float* x, const float* y, int n, float* partial, float* result) {
  __shared__ float s[kThreads];
  __shared__ bool is_last;
  float acc = 0.f;
  for (int i = blockIdx.x * kThreads + threadIdx.x; i < n; i += gridDim.x * kThreads) acc += x[i] * y[i];
  const float mine = block_sum(s, acc);
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = mine;
    __threadfence();
    const unsigned ticket = atomicInc(&tickets, gridDim.x - 1);
    is_last = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (is_last) {
    __threadfence();
    float t = 0.f;
    for (int b = threadIdx.x; b < gridDim.x; b += kThreads) t += partial[b];
    t = block_sum(s, t);
    if (threadIdx.x == 0) *result = t;
  }
}

int main() {
  float *x, *y, *partial, *result;
  CHECK(cudaMallocManaged(&x, kN * sizeof(float)));
  CHECK(cudaMallocManaged(&y, kN * sizeof(float)));
  CHECK(cudaMalloc(&partial, kBlocks * sizeof(float)));
  CHECK(cudaMallocManaged(&result, sizeof(float)));
  for (int i = 0; i < kN; ++i) {
    x[i] = (float)(i % 9) * 0.5f;
    y[i] = (float)(i % 4);
  }
  for (int run = 0; run < 2; ++run) {
    dot<<<kBlocks, kThreads>>>(x, y, kN, partial, result);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    printf("dot run %d: %.1f\n", run, *result);
  }
  CHECK(cudaFree(x));
  CHECK(cudaFree(y));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(result));
  return 0;
}
