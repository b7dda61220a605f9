// CSR sparse matrix-vector product, "vector" flavour (one warp per row),
// from a solver whose warp primitives go through a small compatibility
// layer. The layer still maps to the pre-Volta intrinsics: the warp sum
// uses __shfl_down and the row bounds are broadcast from lanes 0 and 1 with
// __shfl, all without a mask. On sm_70 and later the lanes are no longer
// in lockstep and these calls are removed; the macros should expand to the
// _sync forms with the mask of the warp.

#define WARP_SIZE 32
#define WARP_SHFL(v, src) __shfl(v, src)
#define WARP_SHFL_DOWN(v, delta) __shfl_down(v, delta)

__device__ __forceinline__ double warpSum(double v) {
  for (int d = WARP_SIZE / 2; d > 0; d >>= 1)
    v += WARP_SHFL_DOWN(v, d);  // expect: warp-legacy-intrinsic
  return v;
}

__global__ void spmvCsrVector(int rows, const int *__restrict__ rowPtr, const int *__restrict__ cols,
                              const double *__restrict__ vals, const double *__restrict__ x,
                              double *__restrict__ y) {
  const int lane = threadIdx.x & (WARP_SIZE - 1);
  const int warpsPerGrid = gridDim.x * blockDim.x / WARP_SIZE;

  for (int row = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE; row < rows; row += warpsPerGrid) {
    int bound = lane < 2 ? rowPtr[row + lane] : 0;
    const int begin = WARP_SHFL(bound, 0);  // expect: warp-legacy-intrinsic
    const int end = WARP_SHFL(bound, 1);    // expect: warp-legacy-intrinsic

    double sum = 0.0;
    for (int j = begin + lane; j < end; j += WARP_SIZE) sum += vals[j] * x[cols[j]];
    sum = warpSum(sum);
    if (lane == 0) y[row] = sum;
  }
}
