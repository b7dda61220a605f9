// First pass of a dense-to-CSR conversion: count the non-zeros of each row.
// One block per row; each warp counts its slice with __popcll(__ballot())
// and the warp's leader accumulates into a shared counter. Code from an
// early hipify (hipThreadIdx_x / hipBlockDim_x macros): the leader is
// `hipThreadIdx_x % 32 == 0`, but the ballot spans the 64-lane gfx90a
// wavefront, so lanes 0 and 32 both add the whole wavefront's count and
// every row's nnz comes out doubled.
#include <hip/hip_runtime.h>

__global__ void countRowNnz(const double *dense, int rows, int cols, int *rowNnz) {
  __shared__ int count;
  const int row = hipBlockIdx_x;
  if (row >= rows) return;
  if (hipThreadIdx_x == 0) count = 0;
  __syncthreads();

  const int lane = hipThreadIdx_x % 32; // expect: hip-warpsize-hardcoded
  const double *r = dense + (size_t)row * cols;
  const int rounds = (cols + hipBlockDim_x - 1) / hipBlockDim_x;
  for (int k = 0; k < rounds; ++k) {
    const int c = k * hipBlockDim_x + hipThreadIdx_x;
    const unsigned long long nz = __ballot(c < cols && r[c] != 0.0);
    if (lane == 0) atomicAdd(&count, (int)__popcll(nz));
  }
  __syncthreads();
  if (hipThreadIdx_x == 0) rowNnz[row] = count;
}

void countNnz(const double *dense, int rows, int cols, int *rowNnz, hipStream_t s) {
  hipLaunchKernelGGL(countRowNnz, dim3(rows), dim3(256), 0, s, dense, rows, cols, rowNnz);
}
