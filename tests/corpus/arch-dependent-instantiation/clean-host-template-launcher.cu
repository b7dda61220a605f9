// corpus-args: --cuda-arch=sm_80,sm_90
// Thrust-style elementwise launcher: a host function template that
// launches a kernel template on a functor, called from ordinary host
// functions. Device passes parse host code too, so they instantiate the
// launcher and with it every kernel specialization the host launches.
#include <cuda_runtime.h>

template <typename F>
__global__ void forEachIndex(size_t n, F f) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) f(i);
}

template <typename F>
cudaError_t launchForEach(size_t n, F f, cudaStream_t s) {
  const unsigned blocks = (unsigned)((n + 255) / 256 < 4096 ? (n + 255) / 256 : 4096);
  forEachIndex<<<blocks, 256, 0, s>>>(n, f);
  return cudaGetLastError();
}

struct Saxpy {
  float a;
  const float *x;
  float *y;
  __device__ void operator()(size_t i) const { y[i] = a * x[i] + y[i]; }
};

struct Clamp {
  float lo, hi;
  float *v;
  __device__ void operator()(size_t i) const { v[i] = fminf(hi, fmaxf(lo, v[i])); }
};

cudaError_t saxpy(size_t n, float a, const float *x, float *y, cudaStream_t s) { return launchForEach(n, Saxpy{a, x, y}, s); }

cudaError_t clampInPlace(size_t n, float lo, float hi, float *v, cudaStream_t s) {
  return launchForEach(n, Clamp{lo, hi, v}, s);
}
