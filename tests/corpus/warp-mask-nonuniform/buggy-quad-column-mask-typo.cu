// 4x8 register tile per warp (an MMA-like layout): lane = 4 * ty + tx with
// tx in 0..3 and ty in 0..7. Row sums reduce over the four lanes of a row
// (mask 0xf << 4*ty), column sums over the eight lanes of a column (mask
// 0x11111111 << tx). The column mask was typed with ty instead of tx: lanes
// of one column pass different masks that overlap, and most lanes are not
// in the mask they pass.

__global__ void tileMarginals(const float *__restrict__ tiles, float *__restrict__ rowSums,
                              float *__restrict__ colSums, int numTiles) {
  const int lane = threadIdx.x & 31;
  const int tileIdx = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int tx = lane & 3, ty = lane >> 2;
  if (tileIdx >= numTiles) return;
  const float v = tiles[tileIdx * 32 + lane];

  const unsigned rowMask = 0xfu << (4 * ty);
  float r = v;
  r += __shfl_xor_sync(rowMask, r, 1);
  r += __shfl_xor_sync(rowMask, r, 2);

  const unsigned colMask = 0x11111111u << ty;
  float c = v;
  c += __shfl_xor_sync(colMask, c, 4);  // expect: warp-mask-nonuniform, warp-mask-missing-lane
  c += __shfl_xor_sync(colMask, c, 8);  // expect: warp-mask-nonuniform, warp-mask-missing-lane
  c += __shfl_xor_sync(colMask, c, 16); // expect: warp-mask-nonuniform, warp-mask-missing-lane

  if (tx == 0) rowSums[tileIdx * 8 + ty] = r;
  if (ty == 0) colSums[tileIdx * 4 + tx] = c;
}
