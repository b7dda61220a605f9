// CSR SpMV "vector" kernel (one warp per row) for sm_70 and later: the row
// bounds are loaded by lanes 0 and 1 and broadcast with __shfl_sync, and
// the row sum is a butterfly in registers. No lane reads a shared-memory
// slot another lane wrote, so there is nothing for __syncwarp() to order.

#define THREADS 128
#define WARPS (THREADS / 32)
#define FULL_MASK 0xffffffffu

__global__ void spmvCsrVector(int numRows, const int *__restrict__ Ap, const int *__restrict__ Aj,
                              const float *__restrict__ Ax, const float *__restrict__ x, float *__restrict__ y) {
  const int threadLane = threadIdx.x & 31;
  const int warpLocal = threadIdx.x / 32;
  const int numWarps = WARPS * gridDim.x;

  for (int row = blockIdx.x * WARPS + warpLocal; row < numRows; row += numWarps) {
    const int bound = threadLane < 2 ? Ap[row + threadLane] : 0;
    const int rowStart = __shfl_sync(FULL_MASK, bound, 0);
    const int rowEnd = __shfl_sync(FULL_MASK, bound, 1);

    float sum = 0.f;
    for (int jj = rowStart + threadLane; jj < rowEnd; jj += 32) sum += Ax[jj] * x[Aj[jj]];
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) sum += __shfl_xor_sync(FULL_MASK, sum, o);
    if (threadLane == 0) y[row] = sum;
  }
}
