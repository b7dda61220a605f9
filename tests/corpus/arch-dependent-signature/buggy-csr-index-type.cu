// corpus-args: --cuda-arch=sm_80,sm_90
// CSR SpMV whose index type was narrowed to 32 bits in device code only
// ("32-bit indexing is faster on the GPU"), while the host, which builds
// and uploads the matrix, keeps size_t. The host passes an 8-byte row
// count and arrays of 8-byte offsets; the kernel reads 4-byte values from
// both.
#include <cuda_runtime.h>
#include <cstddef>

#ifdef __CUDA_ARCH__
typedef int index_t;
#else
typedef size_t index_t;
#endif

__global__ void spmvScalar(index_t numRows, const index_t *__restrict__ rowPtr, // expect: arch-dependent-signature
                           const index_t *__restrict__ colIdx, const float *__restrict__ vals,
                           const float *__restrict__ x, float *__restrict__ y) {
  const index_t row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= numRows) return;
  float sum = 0.f;
  for (index_t j = rowPtr[row]; j < rowPtr[row + 1]; ++j) sum += vals[j] * x[colIdx[j]];
  y[row] = sum;
}

void spmv(index_t rows, const index_t *rp, const index_t *ci, const float *v, const float *x, float *y,
          cudaStream_t s) {
  const unsigned blocks = (unsigned)((rows + 255) / 256);
  spmvScalar<<<blocks, 256, 0, s>>>(rows, rp, ci, v, x, y);
}
