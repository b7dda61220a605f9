// A row-wise running maximum in tiles of one block: each thread loads one
// element of the tile into shared memory, the block scans the tile, and
// carries the tile's maximum into the next. The loop bound is the row
// length rounded up to a multiple of the block size by a small helper, and
// the block size is read once into a local (a common spelling in real
// code); every thread runs the same number of tiles, so the barriers
// inside the loop are reached by the whole block.

__device__ __forceinline__ int round_up(int x, int m) { return (x + m - 1) / m * m; }

__global__ void rowRunningMax(const float *__restrict__ x, float *__restrict__ y, int cols) {
  extern __shared__ float tile[];  // blockDim.x floats
  const int bs = blockDim.x;
  const float *row = x + (size_t)blockIdx.x * cols;
  float *out = y + (size_t)blockIdx.x * cols;
  float carry = -3.402823466e38f;
  for (int c = threadIdx.x; c < round_up(cols, bs); c += bs) {
    tile[threadIdx.x] = c < cols ? row[c] : -3.402823466e38f;
    __syncthreads();
    for (int offset = 1; offset < bs; offset <<= 1) {
      const float other = threadIdx.x >= offset ? tile[threadIdx.x - offset] : -3.402823466e38f;
      __syncthreads();
      tile[threadIdx.x] = fmaxf(tile[threadIdx.x], other);
      __syncthreads();
    }
    const float running = fmaxf(carry, tile[threadIdx.x]);
    if (c < cols) out[c] = running;
    carry = fmaxf(carry, tile[bs - 1]);
    __syncthreads();
  }
}
