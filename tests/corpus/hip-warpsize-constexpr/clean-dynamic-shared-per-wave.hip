// Row normalisation with one wavefront per row: the host reads the warp
// size from hipDeviceProp_t and sizes the grid and the dynamic shared
// memory from it; the kernel uses warpSize only at run time. `prop.warpSize`
// is a field of the properties struct, not HIP's device built-in.
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

hipError_t normalizeRows(float *x, int rows, int cols, int device, hipStream_t stream) {
  hipDeviceProp_t prop;
  hipError_t err = hipGetDeviceProperties(&prop, device);
  if (err != hipSuccess) return err;
  const int threads = 256;
  const int rowsPerBlock = threads / prop.warpSize;
  const size_t smem = rowsPerBlock * sizeof(float);
  const int blocks = (rows + rowsPerBlock - 1) / rowsPerBlock;
  hipLaunchKernelGGL(rowNormalize, dim3(blocks), dim3(threads), smem, stream, x, rows, cols);
  return hipGetLastError();
}
