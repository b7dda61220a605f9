// corpus-run:
// The classic "unrolled last warp" block reduction: barriers down to 64
// active threads, then the first warp finishes through a volatile pointer
// with no __syncwarp(). Since Volta the lanes of a warp are not in lockstep:
// lane t reads sdata[t + 16] that lane t + 16 writes on the previous line,
// and lane t + 16 overwrites sdata[t + 16] on the same line as lane t reads
// it. volatile only keeps the loads; it orders nothing between lanes. The
// run reports each step as a race between lanes of one warp.
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

template <unsigned kBlock>
__device__ void warpReduce(volatile int* sdata, unsigned tid) {
  if (kBlock >= 64) sdata[tid] += sdata[tid + 32];
  // expect-next-line: warp-implicit-synchronous
  if (kBlock >= 32) sdata[tid] += sdata[tid + 16];  // expect-run: race-shared
  // expect-next-line: warp-implicit-synchronous
  if (kBlock >= 16) sdata[tid] += sdata[tid + 8];  // expect-run: race-shared
  // expect-next-line: warp-implicit-synchronous
  if (kBlock >= 8) sdata[tid] += sdata[tid + 4];  // expect-run: race-shared
  // expect-next-line: warp-implicit-synchronous
  if (kBlock >= 4) sdata[tid] += sdata[tid + 2];  // expect-run: race-shared
  // expect-next-line: warp-implicit-synchronous
  if (kBlock >= 2) sdata[tid] += sdata[tid + 1];  // expect-run: race-shared
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
  if (tid < 32) warpReduce<kBlock>(sdata, tid);
  if (tid == 0) blockCounts[blockIdx.x] = sdata[0];
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
  printf("reduceCount: %d blocks done\n", grid);
  fprintf(stderr, "count %d, reference %d\n", total, want);
  CHECK(cudaFree(d_flags));
  CHECK(cudaFree(d_counts));
  return 0;
}
