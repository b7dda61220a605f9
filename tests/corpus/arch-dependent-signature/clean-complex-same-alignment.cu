// corpus-args: --cuda-arch=sm_80,sm_90
// FFT butterfly stage taking the stage's base twiddle by value. Device
// code uses cuFloatComplex (float2); the host has its own complex struct
// so that its headers do not depend on cuComplex, declared with the same
// size and alignment (__align__(8)), so both passes put the twiddle at
// offset 8 of the argument buffer.
#include <cuda_runtime.h>
#include <cuComplex.h>

#ifdef __CUDA_ARCH__
typedef cuFloatComplex cplx;
#else
struct __align__(8) cplx { float x, y; };
#endif

__global__ void butterflyStage(int half, cplx w0, cuFloatComplex *data, int n) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n / 2) return;
  const int group = t / half, k = t % half;
  const int i = group * 2 * half + k, j = i + half;
  cuFloatComplex w = make_cuFloatComplex(1.f, 0.f);
  for (int r = 0; r < k; ++r) w = cuCmulf(w, make_cuFloatComplex(w0.x, w0.y));
  const cuFloatComplex a = data[i], b = cuCmulf(w, data[j]);
  data[i] = cuCaddf(a, b);
  data[j] = cuCsubf(a, b);
}

void fftStage(cuFloatComplex *data, int n, int half, float angle, cudaStream_t s) {
  cplx w0;
  w0.x = __builtin_cosf(angle);
  w0.y = -__builtin_sinf(angle);
  butterflyStage<<<(n / 2 + 255) / 256, 256, 0, s>>>(half, w0, data, n);
}
