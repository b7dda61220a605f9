// corpus-args: --cuda-arch=sm_80,sm_90
// Activation kernel whose mode parameter is a scoped enum in device code
// and a plain int in the C-compatible host API header. The enum's
// underlying type is int, so both passes lay the parameter out as a
// 4-byte signed integer.
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
enum class Act : int { Identity = 0, Relu = 1, LeakyRelu = 2, Sigmoid = 3 };
typedef Act act_t;
#else
typedef int act_t; // values of the C API: 0 identity, 1 relu, 2 leaky, 3 sigmoid
#endif

__global__ void biasActivation(float *y, const float *bias, int rows, int cols, act_t act, float slope) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= rows * cols) return;
  float v = y[i] + bias[i % cols];
  switch ((int)act) {
  case 1: v = fmaxf(v, 0.f); break;
  case 2: v = v > 0.f ? v : slope * v; break;
  case 3: v = 1.f / (1.f + __expf(-v)); break;
  default: break;
  }
  y[i] = v;
}

extern "C" void bias_activation(float *y, const float *bias, int rows, int cols, int act, float slope,
                                cudaStream_t s) {
  biasActivation<<<(rows * cols + 255) / 256, 256, 0, s>>>(y, bias, rows, cols, (act_t)act, slope);
}
