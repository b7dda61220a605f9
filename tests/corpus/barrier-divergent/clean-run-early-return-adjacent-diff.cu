// corpus-run:
// Adjacent differences out[i] = in[i] - in[i-1] through shared memory, for
// an n that is not a multiple of the block (nor of the warp). Threads past
// the end return before the __syncthreads(): exited threads are not waited
// for, and the returning side runs no barrier and never rejoins the code
// after it, so the barrier is reached by every thread that is still
// running. Each thread reads its left neighbour's slot only after the
// barrier, and the neighbour of a thread in range is in range.
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

constexpr int kBlock = 128;

__global__ void adjacentDiff(const float* in, float* out, int n) {
  __shared__ float s[kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  if (i >= n) return;
  s[t] = in[i];
  __syncthreads();
  float left = t > 0 ? s[t - 1] : (i > 0 ? in[i - 1] : 0.f);
  out[i] = s[t] - left;
}

int main() {
  constexpr int n = 3 * kBlock + 45, grid = (n + kBlock - 1) / kBlock;
  static float h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (float)((i * i) % 101);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  adjacentDiff<<<grid, kBlock>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += h_out[i] != h_in[i] - (i > 0 ? h_in[i - 1] : 0.f);
  printf("adjacentDiff: %d of %d wrong\n", wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
