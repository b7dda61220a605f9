// corpus-run:
// Block-wise prefix sums (each block scans its own 128 elements) with a
// separate code path for the last, partial block: the full blocks run an
// unguarded Hillis-Steele scan, the tail block pads with zeros and runs the
// same scan through a helper. Both paths contain __syncthreads(), but the
// branch depends only on blockIdx, so every thread of a block takes the
// same path and meets at the same barriers.
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

// Inclusive scan of buf[0..kBlock) with ping-pong buffers; all threads call.
__device__ int blockScan(int (*buf)[kBlock], int v) {
  int t = threadIdx.x, src = 0;
  buf[0][t] = v;
  __syncthreads();
  for (int off = 1; off < kBlock; off <<= 1) {
    buf[src ^ 1][t] = buf[src][t] + (t >= off ? buf[src][t - off] : 0);
    __syncthreads();
    src ^= 1;
  }
  return buf[src][t];
}

__global__ void blockPrefix(const int* in, int* out, int n) {
  __shared__ int buf[2][kBlock];
  int i = blockIdx.x * kBlock + threadIdx.x;
  if (blockIdx.x + 1 < gridDim.x) {
    out[i] = blockScan(buf, in[i]);
  } else {
    int v = i < n ? in[i] : 0;
    int r = blockScan(buf, v);
    if (i < n) out[i] = r;
  }
}

int main() {
  constexpr int n = 3 * kBlock + 70, grid = (n + kBlock - 1) / kBlock;
  static int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = i % 4;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  blockPrefix<<<grid, kBlock>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  int wrong = 0, run = 0;
  for (int i = 0; i < n; ++i) {
    run = (i % kBlock ? run : 0) + h_in[i];
    wrong += h_out[i] != run;
  }
  printf("blockPrefix: %d of %d wrong\n", wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
