// Generic warp reductions parameterised on the number of lanes (as in
// CUB's WarpReduce<T, LOGICAL_WARP_THREADS>), instantiated with HIP's
// warpSize as the template argument. A template argument must be a
// constant expression: this stops compiling with ROCm 7, and before that
// it silently bakes the wave size of the compiling pass into the code.
#include <hip/hip_runtime.h>

template <typename T, int LANES>
struct WarpReduce {
  __device__ static T sum(T v) {
#pragma unroll
    for (int o = LANES / 2; o > 0; o /= 2) v += __shfl_xor(v, o, LANES);
    return v;
  }
  __device__ static T max(T v) {
#pragma unroll
    for (int o = LANES / 2; o > 0; o /= 2) v = v > __shfl_xor(v, o, LANES) ? v : __shfl_xor(v, o, LANES);
    return v;
  }
};

// Per-row mean and max of a feature matrix, one wavefront per row.
__global__ void rowStats(const float *x, int rows, int cols, float *mean, float *maxv) {
  const int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
  if (row >= rows) return;
  const int lane = __lane_id();
  float s = 0.f, m = -3.4e38f;
  for (int c = lane; c < cols; c += warpSize) {
    const float v = x[(size_t)row * cols + c];
    s += v;
    m = fmaxf(m, v);
  }
  s = WarpReduce<float, warpSize>::sum(s); // expect: hip-warpsize-constexpr
  m = WarpReduce<float, warpSize>::max(m); // expect: hip-warpsize-constexpr
  if (lane == 0) {
    mean[row] = s / cols;
    maxv[row] = m;
  }
}
