// Row L2 norms of a row-major matrix with 2-D blocks of 32 x 8 threads:
// threadIdx.x walks the columns, threadIdx.y picks one of eight rows. With
// blockDim.x == 32 each row is exactly one warp, so `if (row < rows)` is
// warp-uniform and the full-mask reduction inside it is called by all lanes
// it names.

#define BLOCK_X 32
#define BLOCK_Y 8

__global__ void __launch_bounds__(BLOCK_X * BLOCK_Y)
rowNorms(const float *__restrict__ a, float *__restrict__ norms, int rows, int cols) {
  const int row = blockIdx.x * BLOCK_Y + threadIdx.y;
  if (row < rows) {
    float ss = 0.f;
    for (int c = threadIdx.x; c < cols; c += BLOCK_X) {
      const float v = a[(size_t)row * cols + c];
      ss += v * v;
    }
    for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffff, ss, o);
    if (threadIdx.x == 0) norms[row] = sqrtf(ss);
  }
}

void launchRowNorms(const float *a, float *norms, int rows, int cols, cudaStream_t s) {
  dim3 block(BLOCK_X, BLOCK_Y);
  rowNorms<<<(rows + BLOCK_Y - 1) / BLOCK_Y, block, 0, s>>>(a, norms, rows, cols);
}
