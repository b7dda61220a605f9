// 8x8 transpose of byte tiles (e.g. bit-plane shuffling in a compressor):
// the lanes of a warp cooperate on four 8x8 tiles in a shared scratch. The
// first eight lanes rearrange the header row and then `__syncwarp()` before
// reading each other's bytes -- with the default full mask, although lanes
// 8..31 never execute that branch: the barrier waits for lanes that never
// arrive.

#define TILES_PER_WARP 4
#define WARPS 4

__global__ void transposeTiles(const unsigned char *__restrict__ in, unsigned char *__restrict__ out,
                               int *__restrict__ headers, int numGroups) {
  __shared__ unsigned char tile[WARPS][TILES_PER_WARP * 64];
  __shared__ int header[WARPS][8];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int group = blockIdx.x * WARPS + warp;
  if (group >= numGroups) return;

  const unsigned char *src = in + (size_t)group * TILES_PER_WARP * 64;
  for (int k = lane; k < TILES_PER_WARP * 64; k += 32) tile[warp][k] = src[k];
  __syncwarp();

  if (lane < 8) {
    header[warp][lane] = headers[group * 8 + lane];
    __syncwarp(); // expect: warp-mask-inactive-lane
    headers[group * 8 + lane] = header[warp][7 - lane];
  }

  unsigned char *dst = out + (size_t)group * TILES_PER_WARP * 64;
  for (int k = lane; k < TILES_PER_WARP * 64; k += 32) {
    const int t = k / 64, r = (k / 8) % 8, c = k % 8;
    dst[k] = tile[warp][t * 64 + c * 8 + r];
  }
}
