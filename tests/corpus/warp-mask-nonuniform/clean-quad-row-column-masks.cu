// 4x8 register tile per warp, lane = 4 * ty + tx: row sums over the four
// lanes of a row with mask 0xf << 4*ty, column sums over the eight lanes of
// a column with mask 0x11111111 << tx. Every lane is in its own masks, and
// the masks of different rows (or columns) are disjoint.

__device__ __forceinline__ float rowReduce(float v, unsigned rowMask) {
  v += __shfl_xor_sync(rowMask, v, 1);
  v += __shfl_xor_sync(rowMask, v, 2);
  return v;
}

__global__ void tileMarginals(const float *__restrict__ tiles, float *__restrict__ rowSums,
                              float *__restrict__ colSums, int numTiles) {
  const int lane = threadIdx.x & 31;
  const int tileIdx = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int tx = lane & 3, ty = lane >> 2;
  if (tileIdx >= numTiles) return;
  const float v = tiles[tileIdx * 32 + lane];

  const float r = rowReduce(v, 0xfu << (4 * ty));

  const unsigned colMask = 0x11111111u << tx;
  float c = v;
  c += __shfl_xor_sync(colMask, c, 4);
  c += __shfl_xor_sync(colMask, c, 8);
  c += __shfl_xor_sync(colMask, c, 16);

  if (tx == 0) rowSums[tileIdx * 8 + ty] = r;
  if (ty == 0) colSums[tileIdx * 4 + tx] = c;
}
