// CSR SpMV with a sub-warp per row whose size is picked at run time: the
// host rounds the mean row length up to a power of two between 2 and 32
// and passes it to one kernel, which uses it as the shuffle width. The
// width is not a compile-time constant, and every value the host can pass
// is valid.

#define FULL_MASK 0xffffffffu

__global__ void spmvDynamicSubWarp(int rows, int lanesPerRow, const int *__restrict__ rowPtr,
                                   const int *__restrict__ col, const float *__restrict__ val,
                                   const float *__restrict__ x, float *__restrict__ y) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int laneInRow = tid & (lanesPerRow - 1);
  const int row = tid / lanesPerRow;
  float sum = 0.f;
  if (row < rows)
    for (int j = rowPtr[row] + laneInRow; j < rowPtr[row + 1]; j += lanesPerRow) sum += val[j] * x[col[j]];
  for (int o = lanesPerRow / 2; o > 0; o >>= 1) sum += __shfl_down_sync(FULL_MASK, sum, o, lanesPerRow);
  if (row < rows && laneInRow == 0) y[row] = sum;
}

static int lanesFor(int meanRowLength) {
  int lanes = 2;
  while (lanes < meanRowLength && lanes < 32) lanes <<= 1;
  return lanes;
}

void spmv(int rows, int nnz, const int *rowPtr, const int *col, const float *val, const float *x, float *y,
          cudaStream_t stream) {
  const int lanes = lanesFor(rows > 0 ? nnz / rows : 1);
  const int threads = 256;
  const int blocks = (int)(((long long)rows * lanes + threads - 1) / threads);
  spmvDynamicSubWarp<<<blocks, threads, 0, stream>>>(rows, lanes, rowPtr, col, val, x, y);
}
