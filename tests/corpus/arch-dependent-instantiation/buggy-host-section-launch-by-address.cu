// corpus-args: --cuda-arch=sm_80,sm_90
// Host launcher code wrapped in #if !defined(__CUDA_ARCH__) to keep
// host-only headers out of device compilation, launching a templated
// kernel through cudaLaunchKernel with the address of the specialization.
// Since no device pass sees the launcher, none instantiates
// transposeTile<float> or transposeTile<double>: the launch returns
// cudaErrorInvalidDeviceFunction.
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
  return launchTranspose((const void *)transposeTile<float>, in, out, rows, cols, s); // expect: arch-dependent-instantiation
}

cudaError_t transposeF64(const double *in, double *out, int rows, int cols, cudaStream_t s) {
  return launchTranspose((const void *)transposeTile<double>, in, out, rows, cols, s); // expect: arch-dependent-instantiation
}
#endif
