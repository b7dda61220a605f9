// Radix-2 FFT stages on 32-point complex signals, one signal per warp,
// exchanging butterfly partners through the warp's slice of shared
// memory. Each stage stores, __syncwarp(), loads the partner, and
// __syncwarp() again before the next stage's store; every lane runs every
// stage, so the full-warp syncs are reached by all lanes.

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

  cuFloatComplex v = data[sig * 32 + (__brev(lane) >> 27)];
  for (int span = 1; span < 32; span <<= 1) {
    buf[warp][lane] = v;
    __syncwarp();
    const cuFloatComplex partner = buf[warp][lane ^ span];
    __syncwarp();
    const bool upper = lane & span;
    const cuFloatComplex w = twiddle(lane & (span - 1), 2 * span);
    const cuFloatComplex a = upper ? partner : v;
    const cuFloatComplex b = cuCmulf(w, upper ? v : partner);
    v = upper ? cuCsubf(a, b) : cuCaddf(a, b);
  }
  data[sig * 32 + lane] = v;
}
