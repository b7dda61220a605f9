// RUN: %check_warpcheck %s async-barrier-misuse
// The shapes of buggy.cu and launch.cu, fixed.
#include <cuda/barrier>
#include <cuda/ptx>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

// Published by __syncthreads() after the single-thread init.
__global__ void published(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  bar.arrive_and_wait();
  out[threadIdx.x] = 1.f;
}

// The helper initialises under a single-thread guard at the call.
__device__ void make(barrier *b) { init(b, blockDim.x); }
__global__ void init_in_callee(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) make(&bar);
  __syncthreads();
  bar.arrive_and_wait();
}

// Every thread arrives; the tail only skips the work.
__global__ void neighbour(const float *in, float *out, int n) {
  __shared__ barrier bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = (i < n) ? in[i] : 0.f;
  bar.arrive_and_wait();
  if (i < n) out[i] = s[(threadIdx.x + 1) % 256];
}

// Threads that leave drop out first.
__global__ void neighbour_drop(const float *in, float *out, int n) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) {
    bar.arrive_and_drop();
    return;
  }
  bar.arrive_and_wait();
  out[i] = in[i];
}

// The count is the number of threads that arrive.
__global__ void subset(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, 64);
  __syncthreads();
  if (threadIdx.x < 64) {
    auto t = bar.arrive();
    bar.wait(std::move(t));
  }
  out[threadIdx.x] = 0;
}

// The same trip count for every thread.
__global__ void uniform_loop(const int *work, float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  for (int k = 0; k < work[blockIdx.x]; ++k) bar.arrive_and_wait();
}

// One arrival per phase, each waited on.
__global__ void once_per_phase(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  auto t1 = bar.arrive();
  out[threadIdx.x] = 1.f;
  bar.wait(std::move(t1));
  auto t2 = bar.arrive();
  bar.wait(std::move(t2));
}

// Each barrier waits on its own token, produced on every path.
__global__ void tokens(float *out, bool c) {
  __shared__ barrier a, b;
  if (threadIdx.x == 0) {
    init(&a, blockDim.x);
    init(&b, blockDim.x);
  }
  __syncthreads();
  auto ta = a.arrive();
  a.wait(std::move(ta));
  barrier::arrival_token tb;
  if (c) tb = b.arrive();
  else tb = b.arrive();
  b.wait(std::move(tb));
}

// Device scope for a barrier in global memory; block scope in shared memory.
__device__ cuda::barrier<cuda::thread_scope_device> grid_bar;
__global__ void placement(cuda::barrier<cuda::thread_scope_device> *gbar) {
  __shared__ barrier mine;
  if (threadIdx.x == 0) init(&mine, blockDim.x);
  __syncthreads();
  mine.arrive_and_wait();
  gbar->arrive_and_wait();
}

// Counts that match the launch.
__global__ void counted(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, 256);
  __syncthreads();
  bar.arrive_and_wait();
}
__global__ void two_d(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0 && threadIdx.y == 0) init(&bar, blockDim.x * blockDim.y * blockDim.z);
  __syncthreads();
  bar.arrive_and_wait();
}
void launch(float *p) {
  counted<<<4, 256>>>(p);
  two_d<<<4, dim3(32, 8)>>>(p);
}
