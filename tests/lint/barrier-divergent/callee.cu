// RUN: %check_warpcheck %s barrier-divergent
// Barriers hidden in device functions: reported at the call, with the chain.

__device__ float block_sum(float v) {
  __shared__ float s[256];
  s[threadIdx.x] = v;
  __syncthreads();
  for (int o = 128; o > 0; o >>= 1) {
    if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o];
    __syncthreads();
  }
  return s[0];
}

__global__ void sums(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float r = block_sum(x[i]);
// CHECK-NOTES: :[[@LINE-1]]:15: error: call to 'block_sum', which executes a block barrier, is reached under thread-dependent control{{.*}} [barrier-divergent]
// CHECK-NOTES: :[[@LINE-3]]:7: note: the 'if' condition is thread-dependent because it depends on threadIdx.x
// CHECK-NOTES: :[[@LINE-5]]:37: note: threadIdx.x is thread-dependent here
// CHECK-NOTES: :7:3: note: '__syncthreads' is called here
    if (threadIdx.x == 0) out[blockIdx.x] = r;
  }
  out[0] = 0;
}

// The callee's barrier depends on its parameter; the argument decides.
__device__ void maybe_sync(int k) {
  if (k > 0) {
    __syncthreads();
  }
}
__global__ void param_div(float *out) {
  maybe_sync(threadIdx.x & 1);
// CHECK-NOTES: :[[@LINE-1]]:3: error: the arguments of this call make a barrier inside 'maybe_sync' thread-dependent{{.*}} [barrier-divergent]
// CHECK-NOTES: :[[@LINE-2]]:14: note: threadIdx.x is thread-dependent here
// CHECK-NOTES: :31:5: note: '__syncthreads' is called here
  maybe_sync(blockIdx.x);
  maybe_sync(1);
}

// Cooperative groups' block sync is a barrier too.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void cg_sync(float *out) {
  cg::thread_block b = cg::this_thread_block();
  if (b.thread_rank() < 32)
    b.sync();
// CHECK-NOTES: :[[@LINE-1]]:5: error: call to 'cooperative_groups::{{.*}}sync', which executes a block barrier,{{.*}} [barrier-divergent]
// CHECK-NOTES: :[[@LINE-3]]:7: note: the 'if' condition is thread-dependent because it depends on threadIdx.x
// CHECK-NOTES: :{{[0-9]+}}:{{[0-9]+}}: note: threadIdx.x is thread-dependent here
// CHECK-NOTES: :{{[0-9]+}}:{{[0-9]+}}: note: 'sync' is called here
// CHECK-NOTES: :{{[0-9]+}}:{{[0-9]+}}: note: '__barrier_sync' is called here
}
