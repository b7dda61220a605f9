// corpus-run:
// Probe step of an open-addressing hash table, one warp per 32 slots: the
// warp takes the ballot of the slots in range, then live slots (key >= 0)
// rehash their key into a shared scratch row and empty slots (key == -1)
// write a sentinel; each lane then compares its entry with its neighbour's.
//
// Bug: the mask is the ballot of `i < n`, taken before the branch, but the
// branch splits the in-range lanes again on the key: the live and the empty
// slots call two different __syncwarp(mask), and each mask names the lanes
// of the other group. The mask must name exactly the lanes that reach the
// call (the ballot of the branch condition), or the call must be hoisted.
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

__device__ __forceinline__ int rehash(int k) { return (k * 0x9E3779B1u) >> 20; }

__global__ void probe(const int* table, int* collide, int n) {
  __shared__ int h[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int i = blockIdx.x * kThreads + t;
  const unsigned in_range = __ballot_sync(0xffffffffu, i < n);
  if (i >= n) return;
  const int key = table[i];
  if (key >= 0) {
    h[t] = rehash(key);
    __syncwarp(in_range);  // expect: warp-mask-inactive-lane
  } else {
    h[t] = -1;
    // expect-run-next-line: warp-mask-inactive-lane
    __syncwarp(in_range);  // expect: warp-mask-inactive-lane
  }
  const int right = lane < 31 && ((in_range >> (lane + 1)) & 1u) ? h[t + 1] : -2;
  collide[i] = h[t] >= 0 && h[t] == right;
}

int main() {
  const int n = 200, blocks = (n + kThreads - 1) / kThreads;
  int *table, *collide;
  CUDA_CHECK(cudaMallocManaged(&table, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&collide, n * sizeof(int)));
  for (int i = 0; i < n; ++i) table[i] = (i % 5 == 3) ? -1 : (int)((i * 2654435761u) % 4096u);
  probe<<<blocks, kThreads>>>(table, collide, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int hits = 0;
  for (int i = 0; i < n; ++i) hits += collide[i];
  printf("probe: %d neighbouring collisions\n", hits);
  CUDA_CHECK(cudaFree(table));
  CUDA_CHECK(cudaFree(collide));
  return 0;
}
