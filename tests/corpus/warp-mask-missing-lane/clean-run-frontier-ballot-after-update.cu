// corpus-run:
// One level of a warp-centric BFS over vertices: vertices whose parent was
// discovered in this level join the frontier, then the warp takes the
// ballot of the updated frontier; every frontier vertex writes its level to
// a warp-shared buffer and reads its left frontier neighbour's entry. The
// ballot is of the condition the branch tests, taken after the update, so
// __syncwarp(frontier) is called by exactly the lanes it names.
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

__global__ void bfs_level(const int* in_frontier, const int* parent, const int* parent_found,
                          int level, int* levels, int* left_of) {
  __shared__ int lvl[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int v = blockIdx.x * kThreads + t;
  const bool active = in_frontier[v] != 0 || parent_found[parent[v]] != 0;
  const unsigned frontier = __ballot_sync(0xffffffffu, active);
  if (active) {
    lvl[t] = level;
    __syncwarp(frontier);
    const unsigned below = frontier & ((1u << lane) - 1u);
    left_of[v] = below ? lvl[(t & ~31) + 31 - __clz(below)] : -1;
    levels[v] = level;
  }
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *in_frontier, *parent, *found, *levels, *left_of;
  CUDA_CHECK(cudaMallocManaged(&in_frontier, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&parent, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&found, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&levels, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&left_of, n * sizeof(int)));
  for (int v = 0; v < n; ++v) {
    in_frontier[v] = v % 4 == 0;
    parent[v] = (v * 13) % n;
    found[v] = v % 6 == 1;
    levels[v] = -1;
  }
  bfs_level<<<blocks, kThreads>>>(in_frontier, parent, found, 3, levels, left_of);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int reached = 0;
  long long links = 0;
  for (int v = 0; v < n; ++v) {
    reached += levels[v] == 3;
    if (levels[v] == 3) links += left_of[v];
  }
  printf("bfs_level: %d vertices at level 3, link checksum %lld\n", reached, links);
  CUDA_CHECK(cudaFree(in_frontier));
  CUDA_CHECK(cudaFree(parent));
  CUDA_CHECK(cudaFree(found));
  CUDA_CHECK(cudaFree(levels));
  CUDA_CHECK(cudaFree(left_of));
  return 0;
}
