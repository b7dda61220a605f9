// L2-normalisation of 64-float feature descriptors (SIFT-like), four
// descriptors per warp: eight lanes per descriptor, each holding eight
// values, reduce the squared norm with width-8 butterflies. The mask was
// written as 0xff ("eight lanes") for every segment: lanes 8..31 call the
// shuffle without being named in its mask.

#define SEG 8
#define SEG_MASK 0xffu

__global__ void normalizeDescriptors(float *__restrict__ desc, int count) {
  const int lane = threadIdx.x & 31;
  const int d = (blockIdx.x * blockDim.x + threadIdx.x) / SEG;
  const int part = lane % SEG;
  if (d >= count) return;

  float4 *p = reinterpret_cast<float4 *>(desc + (size_t)d * 64 + part * 8);
  float4 a = p[0], b = p[1];
  float ss = a.x * a.x + a.y * a.y + a.z * a.z + a.w * a.w + b.x * b.x + b.y * b.y + b.z * b.z + b.w * b.w;
  for (int o = SEG / 2; o > 0; o >>= 1) ss += __shfl_xor_sync(SEG_MASK, ss, o, SEG); // expect: warp-mask-missing-lane

  const float inv = rsqrtf(fmaxf(ss, 1e-12f));
  a.x *= inv; a.y *= inv; a.z *= inv; a.w *= inv;
  b.x *= inv; b.y *= inv; b.z *= inv; b.w *= inv;
  p[0] = a;
  p[1] = b;
}
