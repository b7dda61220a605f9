// CSR SpMV with a sub-warp per row ("vector" kernel with THREADS_PER_ROW
// lanes per row, chosen from the mean row length as in CUSP). The segmented
// reduction passes THREADS_PER_ROW as the shuffle width. The dispatch below
// added a 48-lane variant for long rows -- but the width cannot exceed the
// warp (32), and 48 is not a power of two: the reduction is undefined.

#define FULL_MASK 0xffffffffu

template <int THREADS_PER_ROW>
__global__ void spmvSubWarp(int rows, const int *__restrict__ rowPtr, const int *__restrict__ col,
                            const float *__restrict__ val, const float *__restrict__ x, float *__restrict__ y) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int laneInRow = tid % THREADS_PER_ROW;
  const int row = tid / THREADS_PER_ROW;
  float sum = 0.f;
  if (row < rows)
    for (int j = rowPtr[row] + laneInRow; j < rowPtr[row + 1]; j += THREADS_PER_ROW) sum += val[j] * x[col[j]];
  for (int o = THREADS_PER_ROW / 2; o > 0; o >>= 1)
    sum += __shfl_down_sync(FULL_MASK, sum, o, THREADS_PER_ROW);  // expect: warp-shfl-width
  if (row < rows && laneInRow == 0) y[row] = sum;
}

void spmv(int rows, int nnz, const int *rowPtr, const int *col, const float *val, const float *x, float *y) {
  const int meanRow = nnz / (rows > 0 ? rows : 1);
  const int threads = 256;
  auto blocksFor = [&](int tpr) { return (int)(((long long)rows * tpr + threads - 1) / threads); };
  if (meanRow <= 4) spmvSubWarp<4><<<blocksFor(4), threads>>>(rows, rowPtr, col, val, x, y);
  else if (meanRow <= 16) spmvSubWarp<16><<<blocksFor(16), threads>>>(rows, rowPtr, col, val, x, y);
  else if (meanRow <= 64) spmvSubWarp<32><<<blocksFor(32), threads>>>(rows, rowPtr, col, val, x, y);
  else spmvSubWarp<48><<<blocksFor(48), threads>>>(rows, rowPtr, col, val, x, y);
}
