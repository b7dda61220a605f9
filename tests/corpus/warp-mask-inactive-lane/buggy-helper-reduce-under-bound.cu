// Row norms with a warp reduction in a helper. The helper's full-mask
// shuffles are fine on their own, but the kernel calls it inside its
// bounds check: in the last warp, lanes past n never reach the call, and
// the mask 0xffffffff still names them.

__device__ __forceinline__ float warpReduceSum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffff, v, offset);
  return v;
}

__global__ void sumOfSquares(const float *__restrict__ x, float *__restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float sq = x[i] * x[i];
    const float total = warpReduceSum(sq); // expect: warp-mask-inactive-lane
    if ((threadIdx.x & 31) == 0) atomicAdd(out, total);
  }
}
