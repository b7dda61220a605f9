// corpus-run:
// Inter-block tree reduction (a tournament): every block sums its chunk
// into partial[b]; then, in rounds of stride 1, 2, 4, 8, block b with
// b % (2*stride) == stride hands its partial sum to block b - stride by
// raising ready[b] with atomicExch and retires, and its partner waits for
// the flag and adds the sum. Block 0 ends with the total. Neither side
// fences: the flag can overtake the partial sum on the way out, and the
// partner's read of partial[] can be satisfied before its poll saw the
// flag.
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

constexpr int kBlocks = 16, kThreads = 128;

__global__ void tournamentSum(const int* in, int n, int* partial, int* ready, int* total) {
  __shared__ int s[kThreads];
  const int t = threadIdx.x, b = blockIdx.x;
  int acc = 0;
  for (int i = b * blockDim.x + t; i < n; i += gridDim.x * blockDim.x) acc += in[i];
  s[t] = acc;
  __syncthreads();
  for (int half = kThreads / 2; half > 0; half >>= 1) {
    if (t < half) s[t] += s[t + half];
    __syncthreads();
  }
  if (t != 0) return;
  int sum = s[0];
  for (int stride = 1; stride < gridDim.x; stride <<= 1) {
    if (b % (2 * stride) == stride) {
      partial[b] = sum;
      atomicExch(&ready[b], 1);  // expect: fence-missing
      return;
    }
    if (b + stride < gridDim.x) {
      while (((volatile int*)ready)[b + stride] == 0) {  // expect-run: race-volatile
      }
      sum += partial[b + stride];  // expect: fence-missing  // expect-run: fence-missing
    }
  }
  *total = sum;
}

int main() {
  constexpr int n = 1 << 15;
  int *in, *partial, *ready, *total;
  CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK(cudaMalloc(&partial, kBlocks * sizeof(int)));
  CHECK(cudaMalloc(&ready, kBlocks * sizeof(int)));
  CHECK(cudaMallocManaged(&total, sizeof(int)));
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 37) % 101;
    expected += in[i];
  }
  CHECK(cudaMemset(ready, 0, kBlocks * sizeof(int)));
  tournamentSum<<<kBlocks, kThreads>>>(in, n, partial, ready, total);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("tournamentSum: %d values in %d blocks\n", n, kBlocks);
  fprintf(stderr, "total %d (expected %lld)\n", *total, expected);
  CHECK(cudaFree(in));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(ready));
  CHECK(cudaFree(total));
  return 0;
}
