// Block sum: each warp reduces in registers with shuffles, its lane 0 stores
// the warp's partial in shared memory, a barrier publishes the partials, and
// the first warp reduces them the same way. No lane reads another lane's
// shared slot without a barrier in between.

__device__ __forceinline__ float warpSum(float v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}

__global__ void blockSum(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float partial[32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float v = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
  v = warpSum(v);
  if (lane == 0) partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < (blockDim.x >> 5) ? partial[lane] : 0.f;
    v = warpSum(v);
    if (lane == 0) atomicAdd(out, v);
  }
}
