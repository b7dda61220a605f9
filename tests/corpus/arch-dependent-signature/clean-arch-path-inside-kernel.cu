// corpus-args: --cuda-arch=sm_52,sm_80
// Double-precision dot product whose atomic accumulation depends on the
// architecture: native atomicAdd(double*) from sm_60, a compare-and-swap
// loop before. The __CUDA_ARCH__ test sits inside the device code, so the
// kernel's parameters and the __device__ accumulator have one type in
// every pass.
#include <cuda_runtime.h>

__device__ double g_dot;

__device__ __forceinline__ void atomicAddDouble(double *addr, double v) {
#if __CUDA_ARCH__ >= 600
  atomicAdd(addr, v);
#else
  unsigned long long *p = reinterpret_cast<unsigned long long *>(addr);
  unsigned long long old = *p, assumed;
  do {
    assumed = old;
    old = atomicCAS(p, assumed, __double_as_longlong(__longlong_as_double(assumed) + v));
  } while (assumed != old);
#endif
}

__global__ void dot(const double *x, const double *y, int n) {
  double acc = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) acc += x[i] * y[i];
  for (int o = 16; o > 0; o /= 2) acc += __shfl_down_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) atomicAddDouble(&g_dot, acc);
}

double dotProduct(const double *x, const double *y, int n, cudaStream_t s) {
  const double zero = 0.0;
  double result = 0.0;
  cudaMemcpyToSymbolAsync(g_dot, &zero, sizeof(double), 0, cudaMemcpyHostToDevice, s);
  dot<<<128, 256, 0, s>>>(x, y, n);
  cudaMemcpyFromSymbolAsync(&result, g_dot, sizeof(double), 0, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  return result;
}
