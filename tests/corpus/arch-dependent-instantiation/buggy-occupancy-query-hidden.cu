// corpus-args: --cuda-arch=sm_80,sm_90
// Launch tuning for a templated histogram kernel: the host asks for the
// kernel's attributes and occupancy, raises its dynamic shared memory
// limit, then launches it. All of it lives in a file section hidden from
// device compilation, so histogramSmem<256> is only named in the host
// pass: no device pass instantiates it, and every one of these calls
// fails with cudaErrorInvalidDeviceFunction.
#include <cuda_runtime.h>

template <int BINS>
__global__ void histogramSmem(const unsigned char *data, size_t n, unsigned *hist) {
  extern __shared__ unsigned local[];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&local[data[i] % BINS], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) atomicAdd(&hist[b], local[b]);
}

#ifndef __CUDA_ARCH__
cudaError_t histogram256(const unsigned char *data, size_t n, unsigned *hist, cudaStream_t s) {
  const size_t smem = 256 * sizeof(unsigned);
  cudaFuncAttributes attr;
  cudaError_t err = cudaFuncGetAttributes(&attr, histogramSmem<256>); // expect: arch-dependent-instantiation
  if (err != cudaSuccess) return err;
  int perSm = 0, device = 0, sms = 0;
  cudaGetDevice(&device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, histogramSmem<256>, 256, smem); // expect: arch-dependent-instantiation
  histogramSmem<256><<<perSm * sms, 256, smem, s>>>(data, n, hist); // expect: arch-dependent-instantiation
  return cudaGetLastError();
}
#endif
