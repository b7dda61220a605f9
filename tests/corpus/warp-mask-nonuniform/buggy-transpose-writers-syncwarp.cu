// In-warp 16x16 byte transpose through shared memory: the lower half-warp
// writes the tile, everyone reads it transposed. The author made the
// writers synchronise "among themselves" with 0x0000ffff and the readers
// with the full mask at the same __syncwarp -- two overlapping masks at one
// call, which the guide forbids (and lanes 0..15 do not wait for 16..31).

#define WARPS 4

__global__ void transpose16(const uint4 *__restrict__ in, unsigned char *__restrict__ out, int tiles) {
  __shared__ unsigned char tile[WARPS][16][17];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int t = blockIdx.x * WARPS + warp;
  if (t >= tiles) return;

  if (lane < 16) {
    const uint4 row = in[t * 16 + lane];
    const unsigned w[4] = {row.x, row.y, row.z, row.w};
    for (int b = 0; b < 16; ++b) tile[warp][lane][b] = (unsigned char)(w[b / 4] >> (8 * (b % 4)));
  }
  __syncwarp(lane < 16 ? 0x0000ffffu : 0xffffffffu); // expect: warp-mask-nonuniform

  for (int k = lane; k < 256; k += 32) {
    const int r = k / 16, c = k % 16;
    out[(size_t)t * 256 + k] = tile[warp][c][r];
  }
}
