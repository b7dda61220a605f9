// corpus-args: --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Saturating conversion helpers in a library namespace, compiled with
// separate compilation. The float overload exists for every architecture,
// but the int overload was only kept "for old GPUs" under
// `#if __CUDA_ARCH__ < 800`: objects that call quant::saturate(int) in
// their sm_90 code find no definition at device link time.
#include <cuda_runtime.h>

namespace quant {

__device__ signed char saturate(float x) {
  const float r = rintf(x);
  return (signed char)(r < -128.f ? -128.f : r > 127.f ? 127.f : r);
}

#if __CUDA_ARCH__ < 800
__device__ signed char saturate(int x) { return (signed char)(x < -128 ? -128 : x > 127 ? 127 : x); } // expect: arch-dependent-definition
#endif

} // namespace quant

__global__ void quantizeRows(const float *x, signed char *q, const float *scale, int rows, int cols) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  q[i] = quant::saturate(x[i] / scale[i / cols]);
}
