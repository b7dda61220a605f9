// corpus-run:
// One kernel for three block-level aggregates, chosen by a launch
// parameter: sum, maximum, or the inclusive prefix of each block. Every
// case of the `switch` synchronises the block with __syncthreads(), some of
// them in loops, but the switch is on a kernel argument -- the same value
// for every thread of every block -- so all threads take the same case.
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
enum Mode : int { kSum = 0, kMax = 1, kPrefix = 2 };

__global__ void aggregate(const int* in, int* out, Mode mode) {
  __shared__ int s[2][kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  s[0][t] = in[i];
  __syncthreads();
  switch (mode) {
    case kSum:
    case kMax:
      for (int half = kBlock / 2; half > 0; half >>= 1) {
        if (t < half) s[0][t] = mode == kSum ? s[0][t] + s[0][t + half] : max(s[0][t], s[0][t + half]);
        __syncthreads();
      }
      if (t == 0) out[blockIdx.x] = s[0][0];
      break;
    case kPrefix: {
      int src = 0;
      for (int off = 1; off < kBlock; off <<= 1) {
        s[src ^ 1][t] = s[src][t] + (t >= off ? s[src][t - off] : 0);
        __syncthreads();
        src ^= 1;
      }
      out[i] = s[src][t];
      break;
    }
  }
}

int main() {
  constexpr int blocks = 3, n = blocks * kBlock;
  static int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 7) % 10;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  const Mode modes[] = {kSum, kMax, kPrefix};
  const char* names[] = {"sum", "max", "prefix"};
  for (int m = 0; m < 3; ++m) {
    aggregate<<<blocks, kBlock>>>(d_in, d_out, modes[m]);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
    int last = modes[m] == kPrefix ? h_out[kBlock - 1] : h_out[0];
    printf("aggregate %s: block 0 gives %d\n", names[m], last);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
