// corpus-args: --cuda-arch=sm_75,sm_90
// 1-D stencil with coefficients in constant memory, where the radius used
// depends on the architecture (wider on Hopper). The __constant__ array is
// sized for the largest radius in every pass, so the host's
// cudaMemcpyToSymbol(sizeof(c_coeff)) matches what every kernel reads;
// only the loop bound inside the kernel follows __CUDA_ARCH__.
#include <cuda_runtime.h>

#define MAX_RADIUS 8
#if __CUDA_ARCH__ >= 900
#define RADIUS 8
#else
#define RADIUS 4
#endif
#define BLOCK 256

__constant__ float c_coeff[2 * MAX_RADIUS + 1];

__global__ void stencil1d(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float tile[BLOCK + 2 * MAX_RADIUS];
  const int g = blockIdx.x * BLOCK + threadIdx.x;
  const int l = threadIdx.x + MAX_RADIUS;
  tile[l] = g < n ? in[g] : 0.f;
  if (threadIdx.x < MAX_RADIUS) {
    tile[l - MAX_RADIUS] = g >= MAX_RADIUS ? in[g - MAX_RADIUS] : 0.f;
    tile[l + BLOCK] = g + BLOCK < n ? in[g + BLOCK] : 0.f;
  }
  __syncthreads();
  if (g >= n) return;
  float acc = 0.f;
#pragma unroll
  for (int k = -RADIUS; k <= RADIUS; ++k) acc += c_coeff[k + MAX_RADIUS] * tile[l + k];
  out[g] = acc;
}

void setCoefficients(const float *hostCoeffs) { cudaMemcpyToSymbol(c_coeff, hostCoeffs, sizeof(c_coeff)); }
