// corpus-run:
// Squared L2 norm of a vector in one pass, the guide's "last block"
// reduction: every block reduces its slice in shared memory, thread 0
// stores the block's partial sum and takes a ticket with atomicInc; the
// block that draws the last ticket adds up all partial sums. The
// __threadfence() between the partial sum and the ticket is missing: the
// ticket can become visible before the partial sum, and the last block
// (which does fence after its ticket) may add a stale partial sum.
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

constexpr int kThreads = 256;

__device__ unsigned int retired = 0;

__global__ void sumSquares(const float* x, int n, float* partial, float* result) {
  __shared__ float s[kThreads];
  __shared__ bool amLast;
  float acc = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    acc += x[i] * x[i];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    unsigned int ticket = atomicInc(&retired, gridDim.x);  // expect: fence-missing
    amLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (amLast && threadIdx.x == 0) {
    __threadfence();
    float total = 0.f;
    for (unsigned int b = 0; b < gridDim.x; ++b) total += partial[b];  // expect-run: fence-missing
    *result = total;
  }
}

int main() {
  constexpr int n = 1 << 16, grid = 16;
  float *x, *partial, *result;
  CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CHECK(cudaMalloc(&partial, grid * sizeof(float)));
  CHECK(cudaMallocManaged(&result, sizeof(float)));
  double expected = 0;
  for (int i = 0; i < n; ++i) {
    x[i] = (float)((i % 5) - 2);
    expected += x[i] * x[i];
  }
  sumSquares<<<grid, kThreads>>>(x, n, partial, result);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("sumSquares: %d elements in %d blocks\n", n, grid);
  fprintf(stderr, "sum of squares %.0f (expected %.0f)\n", *result, expected);
  CHECK(cudaFree(x));
  CHECK(cudaFree(partial));
  CHECK(cudaFree(result));
  return 0;
}
