// Radix-2 FFT stages on 32-point complex signals, one signal per warp,
// written in the pre-Volta style: each lane holds one point, publishes it
// to the warp's slice of shared memory, and immediately reads its
// butterfly partner (lane ^ span) back -- assuming all 32 lanes wrote
// before any of them reads. On sm_70 and later a lane can read the
// partner's slot before the partner has stored this stage's value, and the
// next stage's stores can overwrite a slot that a slower lane has not read
// yet. __syncwarp() is needed after the stores and after the loads (or the
// exchange should use __shfl_xor_sync).

#include <cuComplex.h>

#define WARPS 4

__device__ cuFloatComplex twiddle(int k, int n) {
  float s, c;
  sincospif(-2.f * k / n, &s, &c);
  return make_cuFloatComplex(c, s);
}

__global__ void fft32(cuFloatComplex *__restrict__ data, int signals) {
  __shared__ cuFloatComplex buf[WARPS][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int sig = blockIdx.x * WARPS + warp;
  if (sig >= signals) return;  // whole warps

  // Input in bit-reversed order, so the stages run with growing span.
  cuFloatComplex v = data[sig * 32 + (__brev(lane) >> 27)];
  for (int span = 1; span < 32; span <<= 1) {
    buf[warp][lane] = v;
    const cuFloatComplex partner = buf[warp][lane ^ span];  // expect: warp-implicit-synchronous
    const bool upper = lane & span;
    const cuFloatComplex w = twiddle(lane & (span - 1), 2 * span);
    const cuFloatComplex a = upper ? partner : v;
    const cuFloatComplex b = cuCmulf(w, upper ? v : partner);
    v = upper ? cuCsubf(a, b) : cuCaddf(a, b);
  }
  data[sig * 32 + lane] = v;
}
