// Embedded-atom-method density for an FCC crystal: every atom has exactly
// twelve nearest neighbours, so the kernel gives each atom a group of
// twelve lanes (two atoms per warp, lanes 24..31 idle) and sums the
// neighbours' density contributions with a group reduction templated on
// the group size. The helper's default is the whole warp; this call site
// instantiates it with 12, which is not a power of two: the shuffle width
// is invalid and the sums are undefined.

#define FULL_MASK 0xffffffffu
#define FCC_NEIGHBOURS 12

template <int kGroup = 32, typename T>
__device__ __forceinline__ T groupSum(T v) {
  for (int o = 16; o > 0; o >>= 1)
    if (o < kGroup) v += __shfl_down_sync(FULL_MASK, v, o, kGroup);  // expect: warp-shfl-width
  return v;
}

__device__ float densityFn(float r, float re, float beta) { return expf(-beta * (r / re - 1.f)); }

__global__ void eamDensity(const float4 *__restrict__ pos, const int *__restrict__ neigh, int atoms, float re,
                           float beta, float cutoff, float *__restrict__ rho) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int atom = warp * 2 + lane / FCC_NEIGHBOURS;
  const int slot = lane % FCC_NEIGHBOURS;
  const bool valid = lane < 2 * FCC_NEIGHBOURS && atom < atoms;

  float contrib = 0.f;
  if (valid) {
    float4 a = pos[atom];
    float4 b = pos[neigh[atom * FCC_NEIGHBOURS + slot]];
    float dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
    float r = sqrtf(dx * dx + dy * dy + dz * dz);
    contrib = r < cutoff ? densityFn(r, re, beta) : 0.f;
  }
  float total = groupSum<FCC_NEIGHBOURS>(contrib);
  if (valid && slot == 0) rho[atom] = total;
}
