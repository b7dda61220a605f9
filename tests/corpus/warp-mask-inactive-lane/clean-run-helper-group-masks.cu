// corpus-run:
// Threshold partition of a tile: within each warp, hits (x >= threshold)
// are packed to the front of a shared row in lane order and misses to the
// back, then every lane writes the packed row out. The per-group work is a
// helper, pack_group(), called from both branches with the mask of the lanes
// that took that branch (ballots taken before the branch): each of the two
// calls names exactly the lanes that reach it, and the two masks are
// disjoint. The helper's __syncwarp(group) orders the stores of the group.
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

// Stores v at slot `first + rank in group` and returns the value stored by
// the group's first member, once the whole group has stored.
__device__ int pack_group(int* row, unsigned group, int first, int lane, int v) {
  const int rank = __popc(group & ((1u << lane) - 1u));
  row[first + rank] = v;
  __syncwarp(group);
  return row[first];
}

__global__ void partition_tile(const int* x, int* out, int* leaders, int threshold) {
  __shared__ int packed[kThreads / 32][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int i = blockIdx.x * kThreads + threadIdx.x;
  const int v = x[i];
  const unsigned hits = __ballot_sync(0xffffffffu, v >= threshold);
  int lead;
  if (v >= threshold)
    lead = pack_group(packed[warp], hits, 0, lane, v);
  else
    lead = pack_group(packed[warp], ~hits, __popc(hits), lane, v);
  leaders[i] = lead;
  __syncwarp();
  out[i] = packed[warp][lane];
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *x, *out, *leaders;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&leaders, n * sizeof(int)));
  for (int i = 0; i < n; ++i) x[i] = (i * 29) % 50;
  partition_tile<<<blocks, kThreads>>>(x, out, leaders, 25);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i] * (i % 7 + 1) + leaders[i];
  printf("partition_tile: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(out));
  CUDA_CHECK(cudaFree(leaders));
  return 0;
}
