// Two rows per warp (rows of 16 tokens, e.g. short n-gram windows): each
// half-warp computes the max of its row. The half-warp mask was written
// `0xffffffffu << (lane & 16)` instead of `0xffffu << (lane & 16)`: the lower
// half passes the full mask, which names the upper half's lanes, and the
// upper half passes 0xffff0000 -- overlapping, different masks.

__global__ void rowMax16(const float *__restrict__ x, float *__restrict__ rowMax, int rows) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 4;
  const int rowsInWarp = min(2, rows - (row & ~1));
  if (rowsInWarp <= 0) return;

  const unsigned halfMask = 0xffffffffu << (lane & 16);
  float m = row < rows ? x[row * 16 + (lane & 15)] : -INFINITY;
  for (int o = 8; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(halfMask, m, o, 16)); // expect: warp-mask-nonuniform
  if ((lane & 15) == 0 && row < rows) rowMax[row] = m;
}
