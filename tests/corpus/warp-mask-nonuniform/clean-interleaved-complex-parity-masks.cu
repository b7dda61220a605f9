// Complex sums over interleaved (re, im) floats: even lanes hold real parts,
// odd lanes imaginary parts, and each parity reduces with its own mask
// (0x55555555 or 0xaaaaaaaa) over xor distances 2..16, which keep the
// parity. The two masks differ but are disjoint.

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
  const unsigned mask = EVEN_LANES << (lane & 1);
  for (int o = 2; o < 32; o <<= 1) acc += __shfl_xor_sync(mask, acc, o);
  if (lane < 2) atomicAdd(lane == 0 ? &out->x : &out->y, acc);
}
