// Block reduction whose shared array of per-wavefront partials is sized
// with a constant capacity, enough for the narrowest (32-lane) wavefronts
// at the largest block size; the number of slots actually used is
// computed from warpSize at run time. No compile-time use of warpSize.
#include <hip/hip_runtime.h>

#define MAX_THREADS 1024
#define MIN_WAVE 32

__device__ double blockSum(double v) {
  __shared__ double partial[MAX_THREADS / MIN_WAVE];
  const int lane = threadIdx.x % warpSize, wave = threadIdx.x / warpSize;
  for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  if (lane == 0) partial[wave] = v;
  __syncthreads();
  const int waves = (blockDim.x + warpSize - 1) / warpSize;
  v = 0.0;
  if (wave == 0) {
    v = lane < waves ? partial[lane] : 0.0;
    for (int o = warpSize / 2; o > 0; o /= 2) v += __shfl_down(v, o);
  }
  return v;
}

// Kahan-free mean of a large vector in double precision.
__global__ void __launch_bounds__(MAX_THREADS) meanKernel(const double *x, size_t n, double *out) {
  double acc = 0.0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    acc += x[i];
  acc = blockSum(acc);
  if (threadIdx.x == 0) atomicAdd(out, acc / (double)n);
}
