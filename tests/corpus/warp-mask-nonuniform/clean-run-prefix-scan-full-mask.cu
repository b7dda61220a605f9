// corpus-run:
// Warp-level inclusive scan of per-lane counts in shared memory (the
// offsets of a stream compaction): in step d, lane l adds the slot of lane
// l - d. All 32 lanes take part in every step, so every lane passes the
// same full mask to each __syncwarp(), whatever slots it happens to read.
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

__global__ void compaction_offsets(const int* flags, int* offsets) {
  __shared__ int s[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  s[t] = flags[blockIdx.x * kThreads + t] != 0;
  for (int d = 1; d < 32; d <<= 1) {
    __syncwarp();
    const int add = lane >= d ? s[t - d] : 0;
    __syncwarp();
    s[t] += add;
  }
  offsets[blockIdx.x * kThreads + t] = s[t];
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *flags, *offsets;
  CUDA_CHECK(cudaMallocManaged(&flags, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&offsets, n * sizeof(int)));
  for (int i = 0; i < n; ++i) flags[i] = (i * 11) % 3 == 0;
  compaction_offsets<<<blocks, kThreads>>>(flags, offsets);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += offsets[i];
  printf("compaction_offsets: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(flags));
  CUDA_CHECK(cudaFree(offsets));
  return 0;
}
