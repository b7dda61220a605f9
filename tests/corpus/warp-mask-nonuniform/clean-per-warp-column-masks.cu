// Column sums of a 48-column feature block with two warps: warp 0 owns
// columns 0..31 and reduces with the full mask, warp 1 owns columns 32..47
// in its lower half and reduces with 0x0000ffff. The mask differs between
// the warps but is the same for every lane of one warp that calls, and in
// warp 1 it names exactly the lanes under the guard.

#define COLS 48
#define ROWS_PER_STEP 4

__global__ void columnSums48(const float *__restrict__ a, int rows, float *__restrict__ colSum) {
  __shared__ float part[COLS];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;  // blockDim.x == 64
  const int col = warp * 32 + lane;
  const unsigned mask = warp == 0 ? 0xffffffffu : 0x0000ffffu;

  if (col < COLS) {
    float s = 0.f;
    for (int r = blockIdx.x * ROWS_PER_STEP; r < rows; r += gridDim.x * ROWS_PER_STEP)
      for (int k = 0; k < ROWS_PER_STEP && r + k < rows; ++k) s += a[(size_t)(r + k) * COLS + col];
    part[col] = s;
    // Pairwise neighbour sums for the 2-column pooled output.
    const float right = __shfl_down_sync(mask, s, 1);
    if ((lane & 1) == 0) atomicAdd(&colSum[COLS + col / 2], s + right);
  }
  __syncthreads();
  if (threadIdx.x < COLS) atomicAdd(&colSum[threadIdx.x], part[threadIdx.x]);
}
