// corpus-args: --cuda-arch=sm_80,sm_90
// Tile-size selection done right: the host reads the device's compute
// capability at run time and launches reduceTiles<1024> on Hopper,
// reduceTiles<512> elsewhere. Both specializations are named in an
// ordinary host function that every pass parses, so every device pass
// instantiates both.
#include <cuda_runtime.h>

template <int ITEMS>
__global__ void reduceTiles(const float *in, size_t n, float *partials) {
  __shared__ float s[256];
  float acc = 0.f;
  const size_t base = (size_t)blockIdx.x * ITEMS;
  for (int k = threadIdx.x; k < ITEMS; k += 256)
    if (base + k < n) acc += in[base + k];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int w = 128; w > 0; w /= 2) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) partials[blockIdx.x] = s[0];
}

cudaError_t tileSums(const float *in, size_t n, float *partials, int device, cudaStream_t s) {
  cudaDeviceProp prop;
  cudaError_t err = cudaGetDeviceProperties(&prop, device);
  if (err != cudaSuccess) return err;
  if (prop.major >= 9)
    reduceTiles<1024><<<(unsigned)((n + 1023) / 1024), 256, 0, s>>>(in, n, partials);
  else
    reduceTiles<512><<<(unsigned)((n + 511) / 512), 256, 0, s>>>(in, n, partials);
  return cudaGetLastError();
}
