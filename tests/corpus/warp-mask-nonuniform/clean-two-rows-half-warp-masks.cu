// Two rows of 16 tokens per warp, each half-warp computing the max of its
// row with width-16 butterflies. The half-warp mask `0xffffu << (lane & 16)`
// gives the lower half 0x0000ffff and the upper half 0xffff0000: different
// masks at one call, but disjoint, which the guide allows.

__global__ void rowMax16(const float *__restrict__ x, float *__restrict__ rowMax, int rows) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  const int rowsInWarp = min(2, rows - (row & ~1));
  if (rowsInWarp <= 0) return;

  const unsigned halfMask = 0xffffu << (lane & 16);
  float m = row < rows ? x[row * 16 + (lane & 15)] : -INFINITY;
  for (int o = 8; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(halfMask, m, o, 16));
  if ((lane & 15) == 0 && row < rows) rowMax[row] = m;
}
