// The near twin of clean-rotate-through-shuffles.cu: the same rotate and
// reduce through a shared row, but over segments of `width` lanes given at
// run time. With width 1 the shuffle loop runs no iteration at all, and
// nothing orders a lane's read of its neighbour's slot before the
// neighbour's overwrite of it; a __syncwarp() is needed before the write.

__global__ void rotateReduceSegments(const float *__restrict__ in, float *__restrict__ out, int width) {
  __shared__ float row[8][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  row[warp][lane] = in[blockIdx.x * 256 + threadIdx.x];
  __syncwarp();
  float v = row[warp][(lane + 1) & 31];
  for (int o = width / 2; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  row[warp][lane] = v; // expect: warp-implicit-synchronous
  out[blockIdx.x * 256 + threadIdx.x] = v;
}
