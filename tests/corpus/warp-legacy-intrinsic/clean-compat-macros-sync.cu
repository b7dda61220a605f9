// CSR sparse matrix-vector product, one warp per row, through a warp
// compatibility layer that selects the _sync intrinsics whenever the
// toolkit has them (CUDA 9 and later). The legacy spellings survive only in
// the branch for old toolkits, which no current build compiles.

#define WARP_SIZE 32
#define FULL_MASK 0xffffffffu
#if defined(CUDART_VERSION) && CUDART_VERSION >= 9000
#define WARP_SHFL(v, src) __shfl_sync(FULL_MASK, v, src)
#define WARP_SHFL_DOWN(v, delta) __shfl_down_sync(FULL_MASK, v, delta)
#else
#define WARP_SHFL(v, src) __shfl(v, src)
#define WARP_SHFL_DOWN(v, delta) __shfl_down(v, delta)
#endif

__device__ __forceinline__ double warpSum(double v) {
  for (int d = WARP_SIZE / 2; d > 0; d >>= 1) v += WARP_SHFL_DOWN(v, d);
  return v;
}

__global__ void spmvCsrVector(int rows, const int *__restrict__ rowPtr, const int *__restrict__ cols,
                              const double *__restrict__ vals, const double *__restrict__ x,
                              double *__restrict__ y) {
  const int lane = threadIdx.x & (WARP_SIZE - 1);
  const int warpsPerGrid = gridDim.x * blockDim.x / WARP_SIZE;

  for (int row = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE; row < rows; row += warpsPerGrid) {
    int bound = lane < 2 ? rowPtr[row + lane] : 0;
    const int begin = WARP_SHFL(bound, 0);
    const int end = WARP_SHFL(bound, 1);

    double sum = 0.0;
    for (int j = begin + lane; j < end; j += WARP_SIZE) sum += vals[j] * x[cols[j]];
    sum = warpSum(sum);
    if (lane == 0) y[row] = sum;
  }
}
