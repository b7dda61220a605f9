// corpus-run:
// Irregular per-warp work budgets from a host-side schedule: lane_mask[w]
// says which lanes of warp w have an item this round. Lanes outside the
// mask return at once; the others stage their item in shared memory,
// synchronise with __syncwarp(lane_mask[w]) and each adds the item of the
// next working lane (cyclically). The mask is loaded from memory, but it is
// indexed by the warp, so every lane of a warp passes the same value, and
// the lanes it names are exactly those still running.
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

constexpr int kThreads = 128;

__global__ void pair_next(const unsigned* lane_mask, const int* item, int* out) {
  __shared__ int s[kThreads];
  const int t = threadIdx.x, lane = t & 31, base = t & ~31;
  const int w = (blockIdx.x * kThreads + t) >> 5;
  const unsigned mask = lane_mask[w];
  if (!((mask >> lane) & 1u)) return;
  const int i = blockIdx.x * kThreads + t;
  s[t] = item[i];
  __syncwarp(mask);
  const unsigned above = mask & ~((2u << lane) - 1u);
  const int next = above ? __ffs(above) - 1 : __ffs(mask) - 1;
  out[i] = s[t] + s[base + next];
}

int main() {
  const int blocks = 2, warps = blocks * kThreads / 32, n = blocks * kThreads;
  unsigned* lane_mask;
  int *item, *out;
  CUDA_CHECK(cudaMallocManaged(&lane_mask, warps * sizeof(unsigned)));
  CUDA_CHECK(cudaMallocManaged(&item, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  for (int w = 0; w < warps; ++w) lane_mask[w] = 0x9e3779b9u * (unsigned)(w + 1) | 1u;
  for (int i = 0; i < n; ++i) {
    item[i] = (i * 17) % 29;
    out[i] = -1;
  }
  pair_next<<<blocks, kThreads>>>(lane_mask, item, out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i];
  printf("pair_next: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(lane_mask));
  CUDA_CHECK(cudaFree(item));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
