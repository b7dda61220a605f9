// RUN: %check_warpcheck %s async-barrier-misuse
// RUN: %warpcheck lint --no-config --enable=async-barrier-misuse --exit-zero --format json %s | %FileCheck --check-prefix=FIX %s
// Constant arrival counts compared with the block sizes the file launches with.
#include <cuda/barrier>
using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void too_few(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, 128);
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: barrier 'bar' expects 128 arrivals per phase, but kernel 'too_few' is launched with 256 threads per block, each arriving once: the phase completes before the last 128 threads arrive{{.*}} [async-barrier-misuse]
  __syncthreads();
  bar.arrive_and_wait();
}

template <int N>
__global__ void too_many(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, N);
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: barrier 'bar' expects 512 arrivals per phase, but kernel 'too_many<512>' is launched with 256 threads per block, each arriving once: the phase never completes{{.*}} [async-barrier-misuse]
  __syncthreads();
  bar.arrive_and_wait();
}

__global__ void two_d(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0 && threadIdx.y == 0) init(&bar, blockDim.x);
// CHECK-MESSAGES: :[[@LINE-1]]:56: error: barrier 'bar' expects blockDim.x arrivals per phase, but kernel 'two_d' is launched with 32x8 blocks whose 256 threads all arrive{{.*}} [async-barrier-misuse]
  __syncthreads();
  bar.arrive_and_wait();
}

// Matching sizes, and a count met only by the threads that arrive.
__global__ void matching(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, 256);
  __syncthreads();
  bar.arrive_and_wait();
}
__global__ void one_warp(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, 32);
  __syncthreads();
  if (threadIdx.x < 32) bar.arrive_and_wait();
}

void launch(float *p) {
  too_few<<<4, 256>>>(p);
  too_many<512><<<4, 256>>>(p);
  dim3 block(32, 8);
  two_d<<<4, block>>>(p);
  matching<<<4, 256>>>(p);
  one_warp<<<4, 256>>>(p);
}

// FIX: "replacement": "blockDim.x * blockDim.y * blockDim.z"
