// corpus-args: --cuda-arch=sm_80,sm_90
// Radix-2 FFT butterfly stage taking the stage's base twiddle factor by
// value. Device code uses cuFloatComplex (float2: 8 bytes, 8-byte
// aligned); the host, to avoid pulling cuComplex into its headers, has a
// plain struct of two floats (8 bytes, 4-byte aligned). After the `int
// half` parameter the host puts the twiddle at offset 4, the kernel reads
// it at offset 8.
#include <cuda_runtime.h>
#include <cuComplex.h>

#ifdef __CUDA_ARCH__
typedef cuFloatComplex cplx;
#else
struct cplx { float x, y; };
#endif

__global__ void butterflyStage(int half, cplx w0, cuFloatComplex *data, int n) { // expect: arch-dependent-signature
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n / 2) return;
  const int group = t / half, k = t % half;
  const int i = group * 2 * half + k, j = i + half;
  // w = w0^k, computed by repeated multiplication (small k per stage).
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
