// corpus-args: --cuda-arch=sm_70,sm_80,sm_90
// Half-precision ReLU templated on the vector width; the kernel body picks
// an arch-specific path (packed __hmax2 from sm_80, a compare on older
// GPUs). The template arguments of the host's launch do not depend on
// __CUDA_ARCH__, so every device pass instantiates relu<2> and relu<8>.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

template <int VEC>
__global__ void relu(__half *x, size_t n) {
  const size_t i = (blockIdx.x * (size_t)blockDim.x + threadIdx.x) * VEC;
  if (i >= n) return;
  const __half2 zero = __float2half2_rn(0.f);
#pragma unroll
  for (int k = 0; k + 1 < VEC && i + k + 1 < n; k += 2) {
    __half2 *p = reinterpret_cast<__half2 *>(x + i + k);
#if __CUDA_ARCH__ >= 800
    *p = __hmax2(*p, zero);
#else
    const float2 f = __half22float2(*p);
    *p = __floats2half2_rn(f.x > 0.f ? f.x : 0.f, f.y > 0.f ? f.y : 0.f);
    (void)zero;
#endif
  }
}

void reluInPlace(__half *x, size_t n, bool aligned16, cudaStream_t s) {
  if (aligned16 && n % 8 == 0)
    relu<8><<<(unsigned)((n / 8 + 255) / 256), 256, 0, s>>>(x, n);
  else
    relu<2><<<(unsigned)((n / 2 + 255) / 256), 256, 0, s>>>(x, n);
}
