// Batched complex dot products: one warp per pair of 16-element complex
// vectors, the lower half-warp accumulating the real part and the upper
// half-warp the imaginary part, each with width-16 butterflies over its own
// half. The upper branch was copied from the lower one and kept the mask
// 0x0000ffff: its callers, lanes 16..31, are not in the mask, and the mask
// names lanes 0..15, which are busy in the other branch.

#include <cuComplex.h>

#define LO_HALF 0x0000ffffu

__global__ void zdotc16(const cuDoubleComplex *__restrict__ x, const cuDoubleComplex *__restrict__ y,
                        cuDoubleComplex *__restrict__ out, int batch) {
  const int lane = threadIdx.x & 31;
  const int pair = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (pair >= batch) return;
  const int k = lane & 15;
  const cuDoubleComplex a = x[pair * 16 + k];
  const cuDoubleComplex b = y[pair * 16 + k];

  double part;
  if (lane < 16) {
    part = cuCreal(a) * cuCreal(b) + cuCimag(a) * cuCimag(b);  // Re(conj(a) b)
    for (int o = 8; o > 0; o >>= 1) part += __shfl_xor_sync(LO_HALF, part, o, 16);
  } else {
    part = cuCreal(a) * cuCimag(b) - cuCimag(a) * cuCreal(b);  // Im(conj(a) b)
    for (int o = 8; o > 0; o >>= 1) part += __shfl_xor_sync(LO_HALF, part, o, 16); // expect: warp-mask-missing-lane, warp-mask-inactive-lane
  }
  const double im = __shfl_sync(0xffffffff, part, 16);
  if (lane == 0) out[pair] = make_cuDoubleComplex(part, im);
}
