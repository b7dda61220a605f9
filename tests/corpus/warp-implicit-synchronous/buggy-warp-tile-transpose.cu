// Warp-per-tile transpose of a row-major matrix into column-major form
// (the layout change in front of a column-oriented solver). Each warp
// loads a 32x8 tile with coalesced row reads into its private shared
// slice, then every lane reads back one of its columns and writes it out
// contiguously. The slice belongs to one warp, so the author skipped the
// block barrier -- and skipped __syncwarp() too: since sm_70 a lane can
// read tile[warp][k][lane'] before lane' has stored it.

#define WARPS 4
#define ROWS 8

__global__ void rowToColMajor(const float *__restrict__ in, float *__restrict__ out, int rows, int cols) {
  __shared__ float tile[WARPS][ROWS][33];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int tileId = blockIdx.x * WARPS + warp;
  const int tilesPerRowBand = (cols + 31) / 32;
  const int r0 = (tileId / tilesPerRowBand) * ROWS;
  const int c0 = (tileId % tilesPerRowBand) * 32;
  if (r0 >= rows) return;  // whole warps

#pragma unroll
  for (int k = 0; k < ROWS; ++k) {
    const int r = r0 + k, c = c0 + lane;
    tile[warp][k][lane] = r < rows && c < cols ? in[(size_t)r * cols + c] : 0.f;
  }

  // Read back transposed: in step k, lane l takes column k * 4 + l / 8 and
  // row l % 8, so each group of 8 lanes writes 8 consecutive elements of
  // one output column.
#pragma unroll
  for (int k = 0; k < ROWS; ++k) {
    const int col = k * (32 / ROWS) + lane / ROWS;
    const int row = lane % ROWS;
    const float v = tile[warp][row][col];  // expect: warp-implicit-synchronous
    if (r0 + row < rows && c0 + col < cols) out[(size_t)(c0 + col) * rows + r0 + row] = v;
  }
}
