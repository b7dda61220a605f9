// The same reduction, fixed the usual way: every lane calls the helper,
// lanes past n contribute zero, and only the use of the result is guarded.
// A second call is under a warp-uniform guard (whole warps).

__device__ __forceinline__ float warpReduceSum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffff, v, offset);
  return v;
}

__global__ void sumOfSquares(const float *__restrict__ x, float *__restrict__ out, float *__restrict__ perWarp,
                             int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float sq = i < n ? x[i] * x[i] : 0.f;
  const float total = warpReduceSum(sq);
  if (i < n && (threadIdx.x & 31) == 0) atomicAdd(out, total);
  const int warp = threadIdx.x / 32;
  if (warp < 2) {
    const float again = warpReduceSum(sq);
    if ((threadIdx.x & 31) == 0) perWarp[blockIdx.x * 2 + warp] = again;
  }
}
