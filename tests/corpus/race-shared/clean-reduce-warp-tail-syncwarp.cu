// corpus-run:
// The unrolled last-warp reduction written for independent thread
// scheduling, as the programming guide does it: each step reads the
// partner's slot into a register, __syncwarp(), writes its own slot,
// __syncwarp() again. The lanes still exchange data through shared memory
// and there is no __syncthreads() in the tail, but every read and the write
// that could overwrite it are separated by a __syncwarp().
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

__device__ __forceinline__ void warpStep(int* sdata, unsigned tid, int& v, unsigned off) {
  v += sdata[tid + off];
  __syncwarp();
  sdata[tid] = v;
  __syncwarp();
}

template <unsigned kBlock>
__global__ void reduceCount(const int* flags, int* blockCounts, int n) {
  __shared__ int sdata[kBlock];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (kBlock * 2) + tid;
  int v = 0;
  if (i < n) v += flags[i] != 0;
  if (i + kBlock < n) v += flags[i + kBlock] != 0;
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = kBlock / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    int w = sdata[tid];
    for (unsigned off = 32; off > 0; off >>= 1) warpStep(sdata, tid, w, off);
    if (tid == 0) blockCounts[blockIdx.x] = w;
  }
}

int main() {
  constexpr unsigned kBlock = 128;
  constexpr int n = 1000, grid = (n + 2 * kBlock - 1) / (2 * kBlock);
  static int h_flags[n];
  for (int i = 0; i < n; ++i) h_flags[i] = (i * 37) % 5 == 0;
  int *d_flags, *d_counts, h_counts[grid];
  CHECK(cudaMalloc(&d_flags, n * sizeof(int)));
  CHECK(cudaMalloc(&d_counts, grid * sizeof(int)));
  CHECK(cudaMemcpy(d_flags, h_flags, n * sizeof(int), cudaMemcpyHostToDevice));
  reduceCount<kBlock><<<grid, kBlock>>>(d_flags, d_counts, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_counts, d_counts, sizeof h_counts, cudaMemcpyDeviceToHost));
  int total = 0, want = 0;
  for (int b = 0; b < grid; ++b) total += h_counts[b];
  for (int i = 0; i < n; ++i) want += h_flags[i];
  printf("reduceCount: %d (reference %d)\n", total, want);
  CHECK(cudaFree(d_flags));
  CHECK(cudaFree(d_counts));
  return 0;
}
