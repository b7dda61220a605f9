// Batched transpose of many small matrices, one 32x32 tile per block, with
// the tile list padded: the grid is rounded up to a multiple of 8 blocks,
// and blocks past the last tile return at once. The return depends only on
// blockIdx, so a block either runs every barrier or none. Inside a tile,
// threads outside a ragged matrix still reach the barrier and only their
// loads and stores are guarded.

#define T 32

struct TileDesc {
  int matrix, row0, col0, rows, cols, ld;
};

__global__ void transposeTiles(const float *__restrict__ in, float *__restrict__ out, const TileDesc *__restrict__ tiles,
                               int numTiles) {
  __shared__ float tile[T][T + 1];
  const int b = blockIdx.x;
  if (b >= numTiles) return;  // block-uniform: padding blocks do nothing

  const TileDesc d = tiles[b];
  const float *src = in + (size_t)d.matrix * d.ld * d.ld;
  float *dst = out + (size_t)d.matrix * d.ld * d.ld;
  const int r = threadIdx.y, c = threadIdx.x;  // blockDim = (32, 32)

  if (r < d.rows && c < d.cols) tile[r][c] = src[(size_t)(d.row0 + r) * d.ld + d.col0 + c];
  __syncthreads();
  if (c < d.rows && r < d.cols) dst[(size_t)(d.col0 + r) * d.ld + d.row0 + c] = tile[c][r];
}

void launch(const float *in, float *out, const TileDesc *tiles, int numTiles, cudaStream_t s) {
  const int blocks = (numTiles + 7) / 8 * 8;
  transposeTiles<<<blocks, dim3(T, T), 0, s>>>(in, out, tiles, numTiles);
}
