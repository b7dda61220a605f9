// corpus-run:
// Warp-level inclusive scan of an array whose length is not a multiple of
// 32 (Hillis-Steele in shared memory, one 32-element segment per warp): the
// threads past the end return first, and the remaining lanes run the scan
// with full-mask __syncwarp() calls. The mask names the lanes that returned,
// but they have exited, which the guide allows, and every lane still running
// executes every call.
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

__global__ void segment_scan(const int* in, int* out, int n) {
  __shared__ int s[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int i = blockIdx.x * kThreads + t;
  if (i >= n) return;
  s[t] = in[i];
  const int valid = min(32, n - (i - lane));  // lanes of this warp with data
  __syncwarp();
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const int add = lane >= d ? s[t - d] : 0;
    __syncwarp();
    s[t] += add;
    __syncwarp();
  }
  out[i] = lane == valid - 1 ? -s[t] : s[t];  // mark each segment's total
}

int main() {
  const int n = 333, blocks = (n + kThreads - 1) / kThreads;
  int *in, *out;
  CUDA_CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = i % 9 + 1;
  segment_scan<<<blocks, kThreads>>>(in, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i];
  printf("segment_scan: checksum %lld, last %d\n", sum, out[n - 1]);
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
