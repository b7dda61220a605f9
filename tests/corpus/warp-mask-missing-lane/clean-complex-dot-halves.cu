// Batched complex dot products, one warp per pair of 16-element vectors:
// the lower half-warp reduces the real part with mask 0x0000ffff, the upper
// half-warp the imaginary part with 0xffff0000. Each mask names exactly the
// lanes of its branch (different masks for different lanes, but disjoint),
// and the final broadcast is made by the whole, reconverged warp.

#include <cuComplex.h>

#define LO_HALF 0x0000ffffu
#define HI_HALF 0xffff0000u

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
    for (int o = 8; o > 0; o >>= 1) part += __shfl_xor_sync(HI_HALF, part, o, 16);
  }
  const double im = __shfl_sync(0xffffffff, part, 16);
  if (lane == 0) out[pair] = make_cuDoubleComplex(part, im);
}
