// Complex sums over interleaved (re, im) pairs held in alternate lanes: even
// lanes hold real parts and reduce with mask 0x55555555, odd lanes hold
// imaginary parts. The odd lanes were left on the full mask, which names the
// even lanes -- who pass a different mask at the same shuffle.

#define EVEN_LANES 0x55555555u

__global__ void sumComplex(const float2 *__restrict__ z, float2 *__restrict__ out, int n) {
  const int lane = threadIdx.x & 31;
  const int gwarp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int nwarps = (gridDim.x * blockDim.x) >> 5;
  const float *zf = reinterpret_cast<const float *>(z);

  float acc = 0.f;
  for (int base = gwarp * 32; base < 2 * n; base += nwarps * 32) {
    const int k = base + lane;  // float index: even = real, odd = imaginary
    acc += k < 2 * n ? zf[k] : 0.f;
  }
  const unsigned mask = (lane & 1) ? 0xffffffffu : EVEN_LANES;
  for (int o = 2; o < 32; o <<= 1) acc += __shfl_xor_sync(mask, acc, o); // expect: warp-mask-nonuniform
  if (lane < 2) atomicAdd(lane == 0 ? &out->x : &out->y, acc);
}
