// corpus-run:
// Block-sparse matrix-vector product where each warp handles one 32x32
// block of a block row, stored either dense or as a diagonal. Each warp
// stages the slice of x its block needs into its own row of shared memory
// and synchronises -- with __syncthreads() inside the `switch` on the
// block's format, although the staging is private to the warp
// (__syncwarp() is what it needs). Warps with blocks of different formats
// wait at the two different barriers of the two cases (the run reports
// the pair at the one nvcc places last, the dense case's).
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

constexpr int kB = 32, kWarps = 4;
enum Format : int { kDense = 0, kDiagonal = 1 };

__global__ void bsrMatvec(const int* format, const int* blockCol, const float* vals, const float* x,
                          float* yPartial) {
  __shared__ float xs[kWarps][kB];
  int warp = threadIdx.x / kB, lane = threadIdx.x % kB;
  int blk = blockIdx.x * kWarps + warp;
  const float* v = vals + (size_t)blk * kB * kB;
  const float* xb = x + blockCol[blk] * kB;
  float acc = 0.f;
  switch (format[blk]) {
    case kDense:
      xs[warp][lane] = xb[lane];
      // expect-next-line: barrier-divergent
      __syncthreads();  // expect-run: barrier-divergent
      for (int k = 0; k < kB; ++k) acc += v[lane * kB + k] * xs[warp][k];
      break;
    case kDiagonal:
      xs[warp][lane] = xb[lane] * v[lane];
      __syncthreads();  // expect: barrier-divergent  // expect-run-also: barrier-divergent
      acc = xs[warp][lane];
      break;
  }
  yPartial[blk * kB + lane] = acc;
}

int main() {
  constexpr int blocks = 2, nBlk = blocks * kWarps, xBlocks = 4;
  static int h_fmt[nBlk], h_col[nBlk];
  static float h_vals[nBlk * kB * kB], h_x[xBlocks * kB], h_y[nBlk * kB];
  for (int b = 0; b < nBlk; ++b) {
    h_fmt[b] = b % 2 ? kDiagonal : kDense;
    h_col[b] = b % xBlocks;
  }
  for (int i = 0; i < nBlk * kB * kB; ++i) h_vals[i] = (float)((i * 7) % 9) - 4.f;
  for (int i = 0; i < xBlocks * kB; ++i) h_x[i] = (float)(i % 5);
  int *d_fmt, *d_col;
  float *d_vals, *d_x, *d_y;
  CHECK(cudaMalloc(&d_fmt, sizeof h_fmt));
  CHECK(cudaMalloc(&d_col, sizeof h_col));
  CHECK(cudaMalloc(&d_vals, sizeof h_vals));
  CHECK(cudaMalloc(&d_x, sizeof h_x));
  CHECK(cudaMalloc(&d_y, sizeof h_y));
  CHECK(cudaMemcpy(d_fmt, h_fmt, sizeof h_fmt, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_col, h_col, sizeof h_col, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_vals, h_vals, sizeof h_vals, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_x, h_x, sizeof h_x, cudaMemcpyHostToDevice));
  bsrMatvec<<<blocks, kWarps * kB>>>(d_fmt, d_col, d_vals, d_x, d_y);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_y, d_y, sizeof h_y, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < nBlk * kB; ++i) sum += h_y[i];
  printf("bsrMatvec: %d blocks, checksum %.1f\n", nBlk, sum);
  CHECK(cudaFree(d_fmt));
  CHECK(cudaFree(d_col));
  CHECK(cudaFree(d_vals));
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  return 0;
}
