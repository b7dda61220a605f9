// corpus-args: --cuda-arch=sm_80,sm_90
// Fused bias + GELU epilogue templated on its compute type. A header picks
// the compute type with __CUDA_ARCH__ (bfloat16 math where the GPU has it,
// float otherwise), and the host launcher uses that same typedef as the
// template argument. In the host pass __CUDA_ARCH__ is undefined, so the
// host launches biasGelu<float>; the device passes instantiate
// biasGelu<__nv_bfloat16> from the same line. The float kernel the host
// launches does not exist in the device code.
#include <cuda_runtime.h>
#include <cuda_bf16.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
typedef __nv_bfloat16 compute_t;
#else
typedef float compute_t;
#endif

template <typename C>
__global__ void biasGelu(__nv_bfloat16 *y, const __nv_bfloat16 *bias, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  const float v = __bfloat162float(y[i]) + __bfloat162float(bias[i % cols]);
  const C c = (C)(0.5f * v * (1.f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v))));
  y[i] = __float2bfloat16((float)c);
}

void biasGeluForward(__nv_bfloat16 *y, const __nv_bfloat16 *bias, int rows, int cols, cudaStream_t s) {
  const int n = rows * cols;
  biasGelu<compute_t><<<(n + 255) / 256, 256, 0, s>>>(y, bias, rows, cols); // expect: arch-dependent-instantiation
}
