// Bilinear resampling, four lanes per output pixel (one per tap), the quad
// summing its weighted taps with width-4 butterflies. The quad mask comes
// from a small helper that shifts by the lane's tap index instead of the
// quad's first lane: lanes of one quad pass different, overlapping masks
// (lane 1 passes 0x1e, lane 0 passes 0xf), and lanes 5, 6, 7 ... are not in
// their own mask. Same bug as `0xf << (lane / 4)`, one call away.

#define QUAD 4

__device__ __forceinline__ unsigned quadMask(unsigned lane) { return 0xfu << (lane % QUAD); }

__global__ void resizeBilinear(const float *__restrict__ src, int sw, int sh, float *__restrict__ dst, int dw, int dh) {
  const unsigned lane = threadIdx.x & 31;
  const int gid = (blockIdx.x * blockDim.x + threadIdx.x) / QUAD;
  const int tap = lane % QUAD;
  const int ox = gid % dw, oy = gid / dw;

  const float fx = (ox + 0.5f) * sw / dw - 0.5f;
  const float fy = (oy + 0.5f) * sh / dh - 0.5f;
  const int x0 = max(0, min(sw - 1, (int)floorf(fx) + (tap & 1)));
  const int y0 = max(0, min(sh - 1, (int)floorf(fy) + (tap >> 1)));
  const float ax = fx - floorf(fx), ay = fy - floorf(fy);
  const float w = ((tap & 1) ? ax : 1.f - ax) * ((tap >> 1) ? ay : 1.f - ay);
  float v = oy < dh ? w * src[y0 * sw + x0] : 0.f;

  v += __shfl_xor_sync(quadMask(lane), v, 1, QUAD); // expect: warp-mask-nonuniform, warp-mask-missing-lane
  v += __shfl_xor_sync(quadMask(lane), v, 2, QUAD); // expect: warp-mask-nonuniform, warp-mask-missing-lane
  if (tap == 0 && oy < dh) dst[oy * dw + ox] = v;
}
