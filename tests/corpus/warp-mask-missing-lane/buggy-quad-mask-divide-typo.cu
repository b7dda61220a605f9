// Bilinear resampling with four lanes per output pixel: each lane fetches
// one of the four taps, weights it, and the quad adds them with width-4
// butterflies. The quad mask should be 0xf shifted to the quad's first lane
// (`lane & ~3`); it was written with `lane / 4`, so most lanes pass a mask
// that does not contain them, and lanes of one quad pass different,
// overlapping masks.

#define QUAD 4

__global__ void resizeBilinear(const float *__restrict__ src, int sw, int sh, float *__restrict__ dst, int dw, int dh) {
  const int lane = threadIdx.x & 31;
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

  const unsigned quadMask = 0xfu << (lane / QUAD);
  v += __shfl_xor_sync(quadMask, v, 1, QUAD); // expect: warp-mask-missing-lane, warp-mask-nonuniform
  v += __shfl_xor_sync(quadMask, v, 2, QUAD); // expect: warp-mask-missing-lane, warp-mask-nonuniform
  if (tap == 0 && oy < dh) dst[oy * dw + ox] = v;
}
