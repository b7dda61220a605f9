// Host-side launch of a one-wavefront-per-row kernel: the host computes
// how many rows a block handles and the dynamic shared memory per block
// from warpSize. In host code warpSize is not the device's warp size (HIP
// before ROCm 7 compiles it as 64 in the host pass whatever the GPU; ROCm
// 7 rejects it): on a wave32 RDNA GPU the grid covers half the rows.
#include <hip/hip_runtime.h>

__global__ void rowNormalize(float *x, int rows, int cols) {
  extern __shared__ float rowScale[];
  const int waveInBlock = threadIdx.x / warpSize;
  const int row = blockIdx.x * (blockDim.x / warpSize) + waveInBlock;
  const int lane = __lane_id();
  float s = 0.f;
  if (row < rows)
    for (int c = lane; c < cols; c += warpSize) s += fabsf(x[(size_t)row * cols + c]);
  for (int o = warpSize / 2; o > 0; o /= 2) s += __shfl_xor(s, o);
  if (lane == 0) rowScale[waveInBlock] = s > 0.f ? 1.f / s : 0.f;
  __syncthreads();
  if (row < rows)
    for (int c = lane; c < cols; c += warpSize) x[(size_t)row * cols + c] *= rowScale[waveInBlock];
}

hipError_t normalizeRows(float *x, int rows, int cols, hipStream_t stream) {
  const int threads = 256;
  const int rowsPerBlock = threads / warpSize; // expect: hip-warpsize-constexpr
  const size_t smem = rowsPerBlock * sizeof(float);
  const int blocks = (rows + rowsPerBlock - 1) / rowsPerBlock;
  hipLaunchKernelGGL(rowNormalize, dim3(blocks), dim3(threads), smem, stream, x, rows, cols);
  return hipGetLastError();
}
