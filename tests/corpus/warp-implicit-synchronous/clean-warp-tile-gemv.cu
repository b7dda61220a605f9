// y = A x with one row per lane: each warp owns 32 consecutive rows and
// stages 32 entries of x at a time in its own slice of shared memory. The
// lanes write the slice, __syncwarp(), every lane reads all 32 staged
// values, and a second __syncwarp() keeps the next stage from overwriting
// values that slower lanes still read.

#define WARPS_PER_BLOCK 4

__global__ void gemvRowPerLane(const float *__restrict__ A, const float *__restrict__ x, float *__restrict__ y,
                               int rows, int cols) {
  __shared__ float xs[WARPS_PER_BLOCK][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int row = (blockIdx.x * WARPS_PER_BLOCK + warp) * 32 + lane;
  float acc = 0.f;
  for (int base = 0; base < cols; base += 32) {
    xs[warp][lane] = base + lane < cols ? x[base + lane] : 0.f;
    __syncwarp();
#pragma unroll 8
    for (int k = 0; k < 32; ++k)
      if (row < rows && base + k < cols) acc += A[(size_t)row * cols + base + k] * xs[warp][k];
    __syncwarp();
  }
  if (row < rows) y[row] = acc;
}
