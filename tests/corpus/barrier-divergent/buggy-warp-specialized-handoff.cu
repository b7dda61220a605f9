// Warp-specialised pipeline: warp 0 loads the next tile of a matrix into a
// shared double buffer while warps 1..7 compute on the current one, and
// the two roles meet at a barrier after each step. Each role has its own
// __syncthreads() call in its own branch. The guide requires that all
// threads of the block reach the same __syncthreads(); two calls in
// divergent branches are two different barriers even if the hardware
// happens to count them together today. (Named barriers with an explicit
// thread count, or a barrier after the branch, express this correctly.)

#define TILE_ELEMS 1024
#define BLOCK 256

__global__ void rowSumsPipelined(const float *__restrict__ a, float *__restrict__ rowSums, int tiles) {
  __shared__ float buf[2][TILE_ELEMS];
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const float *src = a + (size_t)blockIdx.x * tiles * TILE_ELEMS;

  if (warp == 0)
    for (int k = lane; k < TILE_ELEMS; k += 32) buf[0][k] = src[k];
  __syncthreads();

  float acc = 0.f;
  for (int t = 0; t < tiles; ++t) {
    const int cur = t & 1;
    if (warp == 0) {
      if (t + 1 < tiles)
        for (int k = lane; k < TILE_ELEMS; k += 32) buf[cur ^ 1][k] = src[(size_t)(t + 1) * TILE_ELEMS + k];
      __syncthreads();  // expect: barrier-divergent
    } else {
      for (int k = threadIdx.x - 32; k < TILE_ELEMS; k += BLOCK - 32) acc += buf[cur][k];
      __syncthreads();  // expect: barrier-divergent
    }
  }
  if (warp != 0) atomicAdd(&rowSums[blockIdx.x], acc);
}
