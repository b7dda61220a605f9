// corpus-args: --cuda-arch=sm_61,sm_75,sm_90 -- -fgpu-rdc
// An int8 dot-product helper exported to other objects (separate
// compilation) with one definition per architecture family: __dp4a from
// sm_61, a scalar fallback otherwise. The definitions sit in the branches
// of an #if/#else on __CUDA_ARCH__, but every branch defines the same
// function, so each device object has exactly one definition.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 610
__device__ int dot4i8(int a, int b, int acc) { return __dp4a(a, b, acc); }
#else
__device__ int dot4i8(int a, int b, int acc) {
  for (int k = 0; k < 4; ++k) acc += (signed char)(a >> (8 * k)) * (signed char)(b >> (8 * k));
  return acc;
}
#endif

// y = W x for int8 weights and activations packed four to an int.
__global__ void gemvInt8(const int *W, const int *x, int rows, int colsPacked, const float *scale, float *y) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  int acc = 0;
  for (int c = 0; c < colsPacked; ++c) acc = dot4i8(W[(size_t)r * colsPacked + c], x[c], acc);
  y[r] = acc * scale[r];
}
