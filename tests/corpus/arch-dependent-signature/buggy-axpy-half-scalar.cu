// corpus-args: --cuda-arch=sm_80,sm_90
// Mixed-precision AXPY: y = alpha * x + y on half-precision vectors. The
// scalar type was switched to __half for architectures with native FP16
// arithmetic (`__CUDA_ARCH__ >= 530`), but the host pass, where
// __CUDA_ARCH__ is undefined, still sees `float`: the host pushes a 4-byte
// float for alpha and the kernel reads 2 bytes of it as a half, then n
// from the wrong offset.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 530
typedef __half scalar_t;
#else
typedef float scalar_t;
#endif

__global__ void haxpy(scalar_t alpha, const __half *__restrict__ x, __half *__restrict__ y, int n) { // expect: arch-dependent-signature
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 530
    y[i] = __hfma(alpha, x[i], y[i]);
#else
    y[i] = __float2half(alpha * __half2float(x[i]) + __half2float(y[i]));
#endif
  }
}

void axpyHalf(float alpha, const __half *x, __half *y, int n, cudaStream_t s) {
  haxpy<<<(n + 255) / 256, 256, 0, s>>>(alpha, x, y, n);
}
