// A warp rotates its values through a shared row and reduces them: each
// lane reads its neighbour's slot, the warp sums with full-mask shuffles,
// and each lane then overwrites its own slot. No lane can leave a
// full-mask shuffle before every lane has arrived, so every read of the
// row is done before any lane writes it.

__global__ void rotateReduce(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float row[8][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  row[warp][lane] = in[blockIdx.x * 256 + threadIdx.x];
  __syncwarp();
  float v = row[warp][(lane + 1) & 31];
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  row[warp][lane] = v;
  out[blockIdx.x * 256 + threadIdx.x] = v;
}
