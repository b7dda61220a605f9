// Embedded-atom-method density for an FCC crystal (twelve nearest
// neighbours per atom), with each atom's twelve neighbours spread over a
// padded group of sixteen lanes: two atoms per warp, lanes 12..15 of each
// group contribute zero. The group reduction's width is the padded group
// size, 16, a power of two.

#define FULL_MASK 0xffffffffu
#define FCC_NEIGHBOURS 12
#define GROUP 16

template <int kGroup = 32, typename T>
__device__ __forceinline__ T groupSum(T v) {
  for (int o = kGroup / 2; o > 0; o >>= 1) v += __shfl_down_sync(FULL_MASK, v, o, kGroup);
  return v;
}

__device__ float densityFn(float r, float re, float beta) { return expf(-beta * (r / re - 1.f)); }

__global__ void eamDensity(const float4 *__restrict__ pos, const int *__restrict__ neigh, int atoms, float re,
                           float beta, float cutoff, float *__restrict__ rho) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int atom = warp * (32 / GROUP) + lane / GROUP;
  const int slot = lane % GROUP;
  const bool valid = atom < atoms && slot < FCC_NEIGHBOURS;

  float contrib = 0.f;
  if (valid) {
    float4 a = pos[atom];
    float4 b = pos[neigh[atom * FCC_NEIGHBOURS + slot]];
    float dx = b.x - a.x, dy = b.y - a.y, dz = b.z - a.z;
    float r = sqrtf(dx * dx + dy * dy + dz * dz);
    contrib = r < cutoff ? densityFn(r, re, beta) : 0.f;
  }
  float total = groupSum<GROUP>(contrib);
  if (atom < atoms && slot == 0) rho[atom] = total;
}
