// ballot_shuffle: a correct ballot followed by a shuffle within the
// balloted lanes (no bug twin).
//
// Each lane tests a predicate; __ballot_sync(0xffffffff, pred) (all 32 lanes
// are there) gives the mask of the lanes where it holds. Only those lanes
// enter the branch, and they shuffle with exactly that mask, reading the
// value of the lowest lane of the mask (a member of the mask). Each lane
// also counts the lanes below it in the mask with __popc. All masks name
// exactly the lanes that reach the call.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 128;
constexpr int kBlocks = 2;

__host__ __device__ bool pred(int x) { return (x % 3) != 0; }

__global__ void compact_leader(const int* in, int* out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int x = in[gid];
  bool p = pred(x);
  unsigned mask = __ballot_sync(0xffffffffu, p);
  int result = -1;
  if (p) {
    int leader = __ffs(mask) - 1;
    int leader_value = __shfl_sync(mask, x, leader);
    int rank = __popc(mask & ((1u << lane) - 1u));
    result = leader_value * 100 + rank;
  }
  out[gid] = result;
}

int main() {
  const int n = kThreads * kBlocks;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 17 + 5) % 23;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  compact_leader<<<kBlocks, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long sum = 0;
  for (int w = 0; w < n / 32; ++w) {
    int leader = -1, rank = 0;
    for (int l = 0; l < 32; ++l) {
      int i = w * 32 + l;
      int want = -1;
      if (pred(h_in[i])) {
        if (leader < 0) leader = i;
        want = h_in[leader] * 100 + rank++;
      }
      if (h_out[i] != want) ++wrong;
      sum += h_out[i];
    }
  }
  printf("ballot_shuffle: checksum %lld, %d of %d results wrong\n", sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
