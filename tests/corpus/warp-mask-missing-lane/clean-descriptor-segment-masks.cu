// L2-normalisation of 64-float descriptors, four per warp: eight lanes per
// descriptor reduce the squared norm with width-8 butterflies. Each segment
// passes its own mask, 0xff shifted to the segment's first lane: every
// caller is in its mask, and the four masks are disjoint.

#define SEG 8

__global__ void normalizeDescriptors(float *__restrict__ desc, int count) {
  const int lane = threadIdx.x & 31;
  const int d = (blockIdx.x * blockDim.x + threadIdx.x) / SEG;
  const int part = lane % SEG;
  if (d >= count) return;

  float4 *p = reinterpret_cast<float4 *>(desc + (size_t)d * 64 + part * 8);
  float4 a = p[0], b = p[1];
  float ss = a.x * a.x + a.y * a.y + a.z * a.z + a.w * a.w + b.x * b.x + b.y * b.y + b.z * b.z + b.w * b.w;
  const unsigned mask = 0xffu << (lane & ~(SEG - 1));
  for (int o = SEG / 2; o > 0; o >>= 1) ss += __shfl_xor_sync(mask, ss, o, SEG);

  const float inv = rsqrtf(fmaxf(ss, 1e-12f));
  a.x *= inv; a.y *= inv; a.z *= inv; a.w *= inv;
  b.x *= inv; b.y *= inv; b.z *= inv; b.w *= inv;
  p[0] = a;
  p[1] = b;
}
