// corpus-args: --cuda-arch=sm_80,sm_90
// Host launcher code is kept in a host-only section of the file, but the
// kernel specializations it launches are explicitly instantiated at file
// scope, which every pass sees: the device code for transposeTile<float>
// and transposeTile<double> exists on every architecture.
#include <cuda_runtime.h>

#define TILE 32

template <typename T>
__global__ void transposeTile(const T *in, T *out, int rows, int cols) {
  __shared__ T tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < cols && y < rows) tile[threadIdx.y][threadIdx.x] = in[(size_t)y * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < rows && y < cols) out[(size_t)y * rows + x] = tile[threadIdx.x][threadIdx.y];
}

template __global__ void transposeTile<float>(const float *, float *, int, int);
template __global__ void transposeTile<double>(const double *, double *, int, int);

#if !defined(__CUDA_ARCH__)
#include <cstdio>

template <typename T>
cudaError_t launchTranspose(const void *kernel, const T *in, T *out, int rows, int cols, cudaStream_t s) {
  void *args[] = {(void *)&in, (void *)&out, (void *)&rows, (void *)&cols};
  dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE), block(TILE, TILE);
  cudaError_t err = cudaLaunchKernel(kernel, grid, block, args, 0, s);
  if (err != cudaSuccess) std::fprintf(stderr, "transpose: %s\n", cudaGetErrorString(err));
  return err;
}

cudaError_t transposeF32(const float *in, float *out, int rows, int cols, cudaStream_t s) {
  return launchTranspose((const void *)transposeTile<float>, in, out, rows, cols, s);
}

cudaError_t transposeF64(const double *in, double *out, int rows, int cols, cudaStream_t s) {
  return launchTranspose((const void *)transposeTile<double>, in, out, rows, cols, s);
}
#endif
