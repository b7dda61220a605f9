// CSR sparse matrix-vector product, "vector" kernel (one warp per row, as
// in CUSP), hipified. Lanes 0 and 1 load the row bounds and __shfl
// broadcasts them to the warp; the row sum is a 16-8-4-2-1 shuffle tree.
// With the warp id and the lane computed from 32, a gfx90a wavefront runs
// two rows, one per 32-lane half, but __shfl(bound, 0) and __shfl(bound, 1)
// read lanes 0 and 1 of the whole wavefront: the second half sums the
// first half's row and writes it into its own row of y.
#include <hip/hip_runtime.h>

template <typename T>
__global__ void spmvCsrVector(int numRows, const int *__restrict__ rowPtr, const int *__restrict__ colIdx,
                              const T *__restrict__ vals, const T *__restrict__ x, T *__restrict__ y) {
  const int threadId = blockIdx.x * blockDim.x + threadIdx.x;
  const int warpId = threadId / 32; // expect: hip-warpsize-hardcoded
  const int lane = threadId & (32 - 1); // expect: hip-warpsize-hardcoded
  const int numWarps = (gridDim.x * blockDim.x) / 32;

  for (int row = warpId; row < numRows; row += numWarps) {
    const int bound = lane < 2 ? rowPtr[row + lane] : 0;
    const int start = __shfl(bound, 0), end = __shfl(bound, 1);
    T sum = 0;
    for (int j = start + lane; j < end; j += 32) sum += vals[j] * x[colIdx[j]];
    for (int off = 16; off; off >>= 1) sum += __shfl_down(sum, off); // expect: hip-warpsize-hardcoded
    if (lane == 0) y[row] = sum;
  }
}

void spmv(int rows, const int *rp, const int *ci, const float *v, const float *x, float *y, hipStream_t s) {
  const int threads = 256, rowsPerBlock = threads / 32;
  const int blocks = (rows + rowsPerBlock - 1) / rowsPerBlock;
  hipLaunchKernelGGL(spmvCsrVector<float>, dim3(blocks), dim3(threads), 0, s, rows, rp, ci, v, x, y);
}
