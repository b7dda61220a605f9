// CSR SpMV with THREADS_PER_ROW lanes per row, chosen from the mean row
// length (CUSP's heuristic). The template is only instantiated with powers
// of two up to the warp -- 2, 4, 8, 16, 32 -- and a static_assert keeps it
// that way, so the shuffle width is always valid.

#define FULL_MASK 0xffffffffu

template <int THREADS_PER_ROW>
__global__ void spmvSubWarp(int rows, const int *__restrict__ rowPtr, const int *__restrict__ col,
                            const float *__restrict__ val, const float *__restrict__ x, float *__restrict__ y) {
  static_assert(THREADS_PER_ROW >= 1 && THREADS_PER_ROW <= 32 && (THREADS_PER_ROW & (THREADS_PER_ROW - 1)) == 0,
                "THREADS_PER_ROW must be a power of two up to 32");
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  const int laneInRow = tid % THREADS_PER_ROW;
  const int row = tid / THREADS_PER_ROW;
  float sum = 0.f;
  if (row < rows)
    for (int j = rowPtr[row] + laneInRow; j < rowPtr[row + 1]; j += THREADS_PER_ROW) sum += val[j] * x[col[j]];
  for (int o = THREADS_PER_ROW / 2; o > 0; o >>= 1) sum += __shfl_down_sync(FULL_MASK, sum, o, THREADS_PER_ROW);
  if (row < rows && laneInRow == 0) y[row] = sum;
}

template <int TPR>
static void launch(int rows, const int *rowPtr, const int *col, const float *val, const float *x, float *y) {
  const int threads = 256;
  const int blocks = (int)(((long long)rows * TPR + threads - 1) / threads);
  spmvSubWarp<TPR><<<blocks, threads>>>(rows, rowPtr, col, val, x, y);
}

void spmv(int rows, int nnz, const int *rowPtr, const int *col, const float *val, const float *x, float *y) {
  const int meanRow = nnz / (rows > 0 ? rows : 1);
  if (meanRow <= 2) launch<2>(rows, rowPtr, col, val, x, y);
  else if (meanRow <= 4) launch<4>(rows, rowPtr, col, val, x, y);
  else if (meanRow <= 8) launch<8>(rows, rowPtr, col, val, x, y);
  else if (meanRow <= 16) launch<16>(rows, rowPtr, col, val, x, y);
  else launch<32>(rows, rowPtr, col, val, x, y);
}
