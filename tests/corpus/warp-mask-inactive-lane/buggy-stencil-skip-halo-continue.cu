// 1-D 5-point stencil over several rows per block: a thread's left and
// right neighbours come from adjacent lanes by shuffle (lanes 0, 1 and 30, 31
// fetch the neighbours that lie outside the warp from global memory). Points on the domain
// boundary are skipped with `continue` before the shuffles, so in the
// warps holding the first and last points some lanes never join the
// full-mask shuffles of that row.

#define ROWS_PER_BLOCK 4

__global__ void stencil5(const float *__restrict__ in, float *__restrict__ out, int width, int height,
                         float c0, float c1, float c2) {
  const int lane = threadIdx.x & 31;
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < ROWS_PER_BLOCK; ++r) {
    const int y = blockIdx.y * ROWS_PER_BLOCK + r;
    if (y >= height) break;
    if (x < 2 || x >= width - 2) continue;  // Dirichlet boundary: left as is
    const float *row = in + (size_t)y * width;
    const float c = row[x];
    float l1 = __shfl_up_sync(0xffffffff, c, 1);   // expect: warp-mask-inactive-lane
    float l2 = __shfl_up_sync(0xffffffff, c, 2);   // expect: warp-mask-inactive-lane
    float r1 = __shfl_down_sync(0xffffffff, c, 1); // expect: warp-mask-inactive-lane
    float r2 = __shfl_down_sync(0xffffffff, c, 2); // expect: warp-mask-inactive-lane
    if (lane < 2) { l1 = row[x - 1]; l2 = row[x - 2]; }
    if (lane > 29) { r1 = row[x + 1]; r2 = row[x + 2]; }
    out[(size_t)y * width + x] = c0 * c + c1 * (l1 + r1) + c2 * (l2 + r2);
  }
}
