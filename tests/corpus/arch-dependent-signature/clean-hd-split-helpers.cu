// corpus-args: --cuda-arch=sm_80,sm_90
// Morton-code computation for a BVH build, with __host__ __device__
// helpers that split host and device paths with #ifdef __CUDA_ARCH__ (the
// device path clamps with the __saturatef intrinsic, the host with portable
// comparisons). The kernel's parameters have one type in every pass.
#include <cuda_runtime.h>

__host__ __device__ inline unsigned expandBits(unsigned v) {
  v = (v * 0x00010001u) & 0xFF0000FFu;
  v = (v * 0x00000101u) & 0x0F00F00Fu;
  v = (v * 0x00000011u) & 0xC30C30C3u;
  v = (v * 0x00000005u) & 0x49249249u;
  return v;
}

__host__ __device__ inline unsigned quantize(float x) {
#ifdef __CUDA_ARCH__
  return (unsigned)(__saturatef(x) * 1023.f);
#else
  return (unsigned)(x < 0.f ? 0.f : x > 1.f ? 1023.f : x * 1023.f);
#endif
}

__host__ __device__ inline unsigned morton3D(float x, float y, float z) {
  return expandBits(quantize(x)) * 4 + expandBits(quantize(y)) * 2 + expandBits(quantize(z));
}

__global__ void mortonCodes(const float3 *centroids, int n, float3 lo, float3 invExtent, unsigned *codes) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float3 c = centroids[i];
  codes[i] = morton3D((c.x - lo.x) * invExtent.x, (c.y - lo.y) * invExtent.y, (c.z - lo.z) * invExtent.z);
}

void computeMorton(const float3 *c, int n, float3 lo, float3 hi, unsigned *codes, cudaStream_t s) {
  const float3 inv = make_float3(1.f / (hi.x - lo.x), 1.f / (hi.y - lo.y), 1.f / (hi.z - lo.z));
  mortonCodes<<<(n + 255) / 256, 256, 0, s>>>(c, n, lo, inv, codes);
}
