// CSR SpMV, one warp per row, with the dense vector staged per block in
// shared memory by __pipeline_memcpy_async. The staging loop never commits
// its copies, so the wait does not cover them and the gather reads stale x.
#include <cuda_pipeline.h>

constexpr int kStage = 1024;

__global__ void spmv_csr_staged(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                                const float* __restrict__ vals, const float4* __restrict__ x4, float* __restrict__ y,
                                int rows, int cols) {
  __shared__ float4 xs[kStage / 4];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int warps = blockDim.x / 32;

  // The block only handles rows whose columns fall in [0, kStage).
  for (int i = threadIdx.x; i < kStage / 4 && i * 4 < cols; i += blockDim.x)
    __pipeline_memcpy_async(&xs[i], &x4[i], sizeof(float4));
  __pipeline_wait_prior(0); // expect: pipeline-protocol
  __syncthreads();

  const float* xf = reinterpret_cast<const float*>(xs);
  for (int row = blockIdx.x * warps + warp; row < rows; row += gridDim.x * warps) {
    float sum = 0.f;
    for (int j = row_ptr[row] + lane; j < row_ptr[row + 1]; j += 32) sum += vals[j] * xf[col_idx[j]]; // expect: async-copy-read-before-wait
    for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffff, sum, off);
    if (lane == 0) y[row] = sum;
  }
}
