// corpus-run:
// Warp-aggregated histogram of bucket keys: __match_any_sync groups the
// lanes of a warp that carry the same key; the lowest lane of each group
// adds the group's size to the global bin with one atomicAdd and records
// the bin's previous value in a warp-shared slot, and after a full-mask
// __syncwarp() every lane reads its group leader's slot to learn its own
// position within the bin. The peer masks differ between groups, but they
// partition the warp (they are disjoint) and are only used for counting;
// the one __syncwarp() is reached by all lanes with the full mask.
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

constexpr int kThreads = 64, kBins = 8;

__global__ void bin_positions(const int* keys, int* bins, int* pos) {
  __shared__ int prev[kThreads];
  const int t = threadIdx.x, lane = t & 31, base = t & ~31;
  const int i = blockIdx.x * kThreads + t;
  const int key = keys[i];
  const unsigned peers = __match_any_sync(0xffffffffu, key);
  const int leader = __ffs(peers) - 1;
  if (lane == leader) prev[t] = atomicAdd(&bins[key], __popc(peers));
  __syncwarp();
  pos[i] = prev[base + leader] + __popc(peers & ((1u << lane) - 1u));
}

int main() {
  const int blocks = 3, n = blocks * kThreads;
  int *keys, *bins, *pos;
  CUDA_CHECK(cudaMallocManaged(&keys, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&bins, kBins * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&pos, n * sizeof(int)));
  for (int i = 0; i < n; ++i) keys[i] = (i * i + 3 * i) % kBins;
  for (int b = 0; b < kBins; ++b) bins[b] = 0;
  bin_positions<<<blocks, kThreads>>>(keys, bins, pos);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int b = 0; b < kBins; ++b) printf("bin %d: %d\n", b, bins[b]);
  CUDA_CHECK(cudaFree(keys));
  CUDA_CHECK(cudaFree(bins));
  CUDA_CHECK(cudaFree(pos));
  return 0;
}
