// corpus-run:
// Synchronisation-free sparse triangular solve (L x = b, one warp per row,
// rows dealt round-robin to the 64 warps of the grid). Lane k of a row's
// warp waits for the row its k-th off-diagonal entry refers to, reads that
// x and multiplies; the warp sums the products and lane 0 stores x[i],
// fences and raises done[i] with a volatile store. The producing side is
// right, but the waiting lanes read x[j] right after their volatile poll
// of done[j] with no fence: the load may return x[j] from before it was
// solved.
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

constexpr int kBlocks = 16, kWarpsPerBlock = 4, kWarps = kBlocks * kWarpsPerBlock, kRows = 8 * kWarps;

// CSR of the strictly lower part; the diagonal is separate.
__global__ void sptrsv(const int* rowStart, const int* cols, const float* vals, const float* diag,
                       const float* rhs, float* x, int* done) {
  const int lane = threadIdx.x % 32;
  const int warp = blockIdx.x * kWarpsPerBlock + threadIdx.x / 32;
  for (int i = warp; i < kRows; i += kWarps) {
    float prod = 0.f;
    int k = rowStart[i] + lane;
    if (k < rowStart[i + 1]) {
      int j = cols[k];
      while (((volatile int*)done)[j] == 0) {  // expect-run: race-volatile
      }
      prod = vals[k] * x[j];  // expect: fence-missing  // expect-run: fence-missing
    }
    for (int off = 16; off > 0; off >>= 1) prod += __shfl_down_sync(0xffffffffu, prod, off);
    if (lane == 0) {
      x[i] = (rhs[i] - prod) / diag[i];
      __threadfence();
      ((volatile int*)done)[i] = 1;
    }
  }
}

int main() {
  const int offsets[] = {4, 20, 68};
  int *rowStart, *cols, *done;
  float *vals, *diag, *rhs, *x;
  CHECK(cudaMallocManaged(&rowStart, (kRows + 1) * sizeof(int)));
  CHECK(cudaMallocManaged(&cols, 3 * kRows * sizeof(int)));
  CHECK(cudaMallocManaged(&vals, 3 * kRows * sizeof(float)));
  CHECK(cudaMallocManaged(&diag, kRows * sizeof(float)));
  CHECK(cudaMallocManaged(&rhs, kRows * sizeof(float)));
  CHECK(cudaMallocManaged(&x, kRows * sizeof(float)));
  CHECK(cudaMalloc(&done, kRows * sizeof(int)));
  int nnz = 0;
  for (int i = 0; i < kRows; ++i) {
    rowStart[i] = nnz;
    for (int d : offsets)
      if (i - d >= 0) {
        cols[nnz] = i - d;
        vals[nnz++] = -0.25f;
      }
    diag[i] = 2.f;
    rhs[i] = 1.f;
  }
  rowStart[kRows] = nnz;
  CHECK(cudaMemset(done, 0, kRows * sizeof(int)));
  sptrsv<<<kBlocks, 32 * kWarpsPerBlock>>>(rowStart, cols, vals, diag, rhs, x, done);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  float ref[kRows];
  int wrong = 0;
  for (int i = 0; i < kRows; ++i) {
    float s = 0.f;
    for (int k = rowStart[i]; k < rowStart[i + 1]; ++k) s += vals[k] * ref[cols[k]];
    ref[i] = (rhs[i] - s) / diag[i];
    if (x[i] != ref[i]) ++wrong;
  }
  printf("sptrsv: %d rows, %d nonzeros below the diagonal\n", kRows, nnz);
  fprintf(stderr, "%d rows differ from the host solve\n", wrong);
  CHECK(cudaFree(rowStart));
  CHECK(cudaFree(cols));
  CHECK(cudaFree(vals));
  CHECK(cudaFree(diag));
  CHECK(cudaFree(rhs));
  CHECK(cudaFree(x));
  CHECK(cudaFree(done));
  return 0;
}
