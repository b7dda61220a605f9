// corpus-run:
// Adjacent differences over a log of sorted timestamps with tombstones
// (deleted entries are -1): a grid-stride loop over warp-sized chunks stages
// each chunk in one of two shared buffers (alternating, so that the next
// chunk never overwrites a slot still being read), and every live entry
// subtracts its left neighbour within the chunk. Deleted entries stage 0 and
// skip the rest of the iteration.
//
// Bug: the deleted entries call __syncwarp() in their early-continue branch,
// the live ones call the later __syncwarp(). The trip count is the same for
// the whole warp, but within an iteration the two calls name lanes that are
// at the other call: every lane named in the mask must execute the same
// __syncwarp(). Stage the value (or 0) first, synchronise once, then branch.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kThreads = 64;

__global__ void deltas(const int* ts, int* delta, int n) {
  __shared__ int chunk[kThreads / 32][2][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int warps = gridDim.x * (kThreads / 32);
  int parity = 0;
  for (int base = (blockIdx.x * (kThreads / 32) + warp) * 32; base < n; base += warps * 32) {
    const int i = base + lane;  // n is a multiple of 32
    const int t = ts[i];
    int* c = chunk[warp][parity];
    parity ^= 1;
    if (t < 0) {
      c[lane] = 0;
      delta[i] = 0;
      __syncwarp();  // expect: warp-mask-inactive-lane
      continue;
    }
    c[lane] = t;
    // expect-run-next-line: warp-mask-inactive-lane
    __syncwarp();  // expect: warp-mask-inactive-lane
    delta[i] = lane > 0 && c[lane - 1] > 0 ? t - c[lane - 1] : 0;
  }
}

int main() {
  const int n = 1024, blocks = 4;
  int *ts, *delta;
  CUDA_CHECK(cudaMallocManaged(&ts, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&delta, n * sizeof(int)));
  for (int i = 0; i < n; ++i) ts[i] = (i % 11 == 5) ? -1 : 100 + 3 * i + (i % 4);
  deltas<<<blocks, kThreads>>>(ts, delta, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += delta[i];
  printf("deltas: sum %lld\n", sum);
  CUDA_CHECK(cudaFree(ts));
  CUDA_CHECK(cudaFree(delta));
  return 0;
}
