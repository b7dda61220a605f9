// corpus-args: --cuda-arch=sm_75,sm_90
// 1-D finite-difference stencil with coefficients in constant memory. The
// stencil radius was raised for Hopper, where the wider halo is cheap, by
// testing __CUDA_ARCH__ around the RADIUS macro. The __constant__ array is
// then 9 floats in the host pass (and sm_75) but 17 in the sm_90 pass: the
// host's cudaMemcpyToSymbol(sizeof(c_coeff)) only fills half of what the
// sm_90 kernel reads.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 900
#define RADIUS 8
#else
#define RADIUS 4
#endif
#define BLOCK 256

__constant__ float c_coeff[2 * RADIUS + 1]; // expect: arch-dependent-signature

__global__ void stencil1d(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  const int g = blockIdx.x * BLOCK + threadIdx.x;
  const int l = threadIdx.x + RADIUS;
  tile[l] = g < n ? in[g] : 0.f;
  if (threadIdx.x < RADIUS) {
    tile[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.f;
    tile[l + BLOCK] = g + BLOCK < n ? in[g + BLOCK] : 0.f;
  }
  __syncthreads();
  if (g >= n) return;
  float acc = 0.f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) acc += c_coeff[k + RADIUS] * tile[l + k];
  out[g] = acc;
}

void setCoefficients(const float *hostCoeffs) {
  cudaMemcpyToSymbol(c_coeff, hostCoeffs, sizeof(c_coeff));
}
