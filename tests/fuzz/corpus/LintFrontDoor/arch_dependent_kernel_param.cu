// "Use double on the device for accuracy": the accumulator type of the kernel
// argument depends on __CUDA_ARCH__, so the host pass lays out Params as
// {ptr, float, int} (16 bytes) and the device pass as {ptr, double, int}
// (24 bytes). The host passes 16 bytes; the kernel reads `scale` and `n`
// from the wrong offsets. nvcc accepts it silently.
//
// warpcheck lint: arch-dependent-signature at the kernel `scale` on line 24
// (host pass vs sm_90 pass), with notes on the differing parameter.
#include <cstdio>
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
typedef double accum_t; // BUG: the type of a kernel parameter must not depend on
#else                   // __CUDA_ARCH__. Fix: one typedef for every pass.
typedef float accum_t;
#endif

struct Params {
  const float *x;
  accum_t factor;
  int n;
};

__global__ void scale(Params p, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n) out[i] = float(p.x[i] * p.factor);
}

int main() {
  const int n = 8;
  float *x, *out;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&out, n * sizeof(float));
  for (int i = 0; i < n; ++i) x[i] = float(i);
  Params p{x, 2.0f, n};
  scale<<<1, 32>>>(p, out);
  cudaDeviceSynchronize();
  std::printf("out[3] = %g (expected 6)\n", out[3]);
  cudaFree(x);
  cudaFree(out);
}
