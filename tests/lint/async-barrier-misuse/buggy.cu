// RUN: %check_warpcheck %s async-barrier-misuse
// RUN: %warpcheck lint --no-config --enable=async-barrier-misuse --exit-zero --format json %s | %FileCheck --check-prefix=FIX %s
// Asynchronous barriers used against their protocol.
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

// The init is not published before the other threads arrive.
__global__ void unpublished(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  bar.arrive_and_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: barrier 'bar' is used here before a block barrier publishes its initialisation{{.*}} [async-barrier-misuse]
  out[threadIdx.x] = 1.f;
}

// Every thread initialises the barrier.
__global__ void init_everywhere(float *out) {
  __shared__ barrier bar;
  init(&bar, blockDim.x);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'init' of barrier 'bar' runs in every thread of the block: the threads initialise the same barrier concurrently{{.*}} [async-barrier-misuse]
  __syncthreads();
  bar.arrive_and_wait();
  out[threadIdx.x] = 1.f;
}

// Every lane of warp 0 initialises it.
__global__ void init_per_warp(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x / 32 == 0) init(&bar, blockDim.x);
// CHECK-MESSAGES: :[[@LINE-1]]:30: error: 'init' of barrier 'bar' runs in every thread of the warps that take this branch{{.*}} [async-barrier-misuse]
  __syncthreads();
  bar.arrive_and_wait();
}

// A device function that initialises, called by every thread.
__device__ void make(barrier *b) { init(b, blockDim.x); }
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: 'init' of barrier 'b' runs in more than one thread{{.*}} [async-barrier-misuse]
__global__ void init_in_callee(float *out) {
  __shared__ barrier bar;
  make(&bar);
  __syncthreads();
  bar.arrive_and_wait();
}

// Tail threads return without arriving (catalogue E-02).
__global__ void neighbour(const float *in, float *out, int n) {
  __shared__ barrier bar;
  __shared__ float s[256];
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  s[threadIdx.x] = in[i];
  bar.arrive_and_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: barrier 'bar' expects an arrival from every thread of the block (count 'blockDim.x'), but threads that leave early never arrive{{.*}} [async-barrier-misuse]
  out[i] = s[(threadIdx.x + 1) % 256];
}

// Only part of the block arrives.
__global__ void subset(float *out) {
  __shared__ barrier bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  if (threadIdx.x < 64) {
    auto t = bar.arrive();
// CHECK-MESSAGES: :[[@LINE-1]]:14: error: barrier 'bar' expects an arrival from every thread of the block (count 'block.size()'), but 'arrive' is reached under warp-dependent control and the other side of the branch never arrives{{.*}} [async-barrier-misuse]
    bar.wait(std::move(t));
  }
  out[threadIdx.x] = 0;
}

// Only part of the block calls the function that arrives.
__device__ void sync_on(barrier &b) { b.arrive_and_wait(); }
__global__ void subset_in_callee(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (out[threadIdx.x] > 0.f) sync_on(bar);
// CHECK-MESSAGES: :[[@LINE-1]]:31: error: {{.*}} but the call to 'sync_on' is reached under thread-dependent control{{.*}} [async-barrier-misuse]
}

// A per-thread trip count: threads arrive different numbers of times.
__global__ void per_thread_loop(const int *work, float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  for (int k = 0; k < work[threadIdx.x]; ++k) bar.arrive_and_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:47: error: {{.*}} 'arrive_and_wait' is in a loop with a thread-dependent trip count{{.*}} [async-barrier-misuse]
}

// The same thread arrives twice in one phase.
__global__ void twice(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  auto t1 = bar.arrive();
  out[threadIdx.x] = 1.f;
  auto t2 = bar.arrive();
// CHECK-MESSAGES: :[[@LINE-1]]:13: error: second arrival on barrier 'bar' by the same thread in one phase{{.*}} [async-barrier-misuse]
  bar.wait(std::move(t2));
}

// An arrival after arrive_and_drop().
__global__ void after_drop(float *out, int n) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (threadIdx.x >= n) bar.arrive_and_drop();
  bar.arrive_and_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'arrive_and_wait' on barrier 'bar' after this thread left it with arrive_and_drop(){{.*}} [async-barrier-misuse]
}

// A token from another barrier; a token no arrive produced.
__global__ void tokens(float *out, bool c) {
  __shared__ barrier a, b;
  if (threadIdx.x == 0) {
    init(&a, blockDim.x);
    init(&b, blockDim.x);
  }
  __syncthreads();
  auto ta = a.arrive();
  b.wait(std::move(ta));
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'wait' on barrier 'b' is given the token of an arrive on 'a'{{.*}} [async-barrier-misuse]
  barrier::arrival_token tb;
  if (c) tb = b.arrive();
  b.wait(std::move(tb));
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'wait' on barrier 'b' may be given a token that no arrive produced: on a path from line [[@LINE-3]] 'tb' still holds an uninitialised token{{.*}} [async-barrier-misuse]
}

// Block-scope barriers outside the block's shared memory.
__device__ barrier grid_bar;
// CHECK-MESSAGES: :[[@LINE-1]]:20: error: barrier 'grid_bar' has thread_scope_block but lives in global memory{{.*}} [async-barrier-misuse]
__global__ void placement(barrier *gbar) {
  barrier mine(blockDim.x);
// CHECK-MESSAGES: :[[@LINE-1]]:11: error: barrier 'mine' is a local variable: every thread gets its own copy{{.*}} [async-barrier-misuse]
  mine.arrive_and_wait();
  gbar->arrive_and_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'arrive_and_wait' on a thread_scope_block barrier that kernel parameter 'gbar' points to, in global memory{{.*}} [async-barrier-misuse]
}

// A barrier nothing initialises.
__global__ void never_initialised(float *out) {
  __shared__ barrier bar;
  bar.arrive_and_wait();
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: barrier 'bar' is used but never initialised{{.*}} [async-barrier-misuse]
}

// FIX: "replacement": "\n  __syncthreads();"
// FIX: "replacement": "if (threadIdx.x == 0) "
