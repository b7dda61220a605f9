// corpus-run:
// Warp-aggregated stream compaction into shared memory: the lanes that keep
// their element write it at their rank among the kept lanes, the warp
// synchronises, and lane 0 copies the packed run out to global memory.
// Every lane executes the __syncwarp(), so every lane passes the full mask;
// the ballot only serves to rank the kept lanes and to count them.
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

__global__ void compact_warps(const int* in, int* out, int* counts) {
  __shared__ int packed[kThreads];
  const int t = threadIdx.x, lane = t & 31, base = t & ~31;
  const int gw = (blockIdx.x * kThreads + t) >> 5;
  const int v = in[blockIdx.x * kThreads + t];
  const bool keep = (v & 3) != 0;
  const unsigned kept = __ballot_sync(0xffffffffu, keep);
  if (keep) packed[base + __popc(kept & ((1u << lane) - 1u))] = v;
  __syncwarp();
  if (lane == 0) {
    const int n = __popc(kept);
    for (int j = 0; j < n; ++j) out[gw * 32 + j] = packed[base + j];
    counts[gw] = n;
  }
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *in, *out, *counts;
  CUDA_CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&counts, n / 32 * sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = (i * 97) % 61;
  compact_warps<<<blocks, kThreads>>>(in, out, counts);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int w = 0; w < n / 32; ++w)
    for (int j = 0; j < counts[w]; ++j) sum += out[w * 32 + j] * (j + 1);
  printf("compact_warps: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
  CUDA_CHECK(cudaFree(counts));
  return 0;
}
