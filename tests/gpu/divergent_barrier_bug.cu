// divergent_barrier_bug: two halves of a block wait at two different
// __syncthreads().
//
// Blocks of 128 threads. Threads 0..63 (warps 0 and 1) take one branch and
// threads 64..127 (warps 2 and 3) the other; each branch has its own
// __syncthreads(), so in the same barrier interval the block waits at two
// different barrier instructions. CUDA requires every thread of the block to
// reach the same __syncthreads(): this is undefined behaviour (on sm_70+ the
// hardware happens to count both towards barrier 0; older GPUs hang or
// misbehave). The branches do different shared-memory work around each
// barrier, so the compiler cannot merge the two barriers into one. Each
// thread only touches its own slots: there is no data race to report.
// The fixed twin is divergent_barrier_fixed.cu.
//
// EXPECT: barrier-divergent bar_low
// EXPECT: barrier-divergent bar_high
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 128;
constexpr int kBlocks = 2;

__global__ void split(const int* in, int* out) {
  __shared__ int lo[kThreads];
  __shared__ short hi[kThreads];
  int t = threadIdx.x;
  int gid = blockIdx.x * kThreads + t;
  int v;
  if (t < 64) {
    lo[t] = in[gid] * 2;
    __syncthreads();                           // @bar_low
    v = lo[t] + 1;
  } else {
    hi[t] = (short)(in[gid] - 7);
    __syncthreads();                           // @bar_high
    v = hi[t] * 3;
  }
  out[gid] = v;
}

int main() {
  const int n = kThreads * kBlocks;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 29) % 500;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  split<<<kBlocks, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long sum = 0;
  for (int i = 0; i < n; ++i) {
    int t = i % kThreads;
    int want = t < 64 ? h_in[i] * 2 + 1 : (h_in[i] - 7) * 3;
    if (h_out[i] != want) ++wrong;
    sum += h_out[i];
  }
  printf("divergent_barrier_bug: checksum %lld, %d of %d results wrong\n", sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
