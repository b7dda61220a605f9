// Two complex dot products per warp, one per half-warp: the low half of
// each warp reduces the real parts, the high half the imaginary parts.
// Each half calls its own reduction helper, whose shuffles name exactly the
// half that calls it (0x0000ffff below, 0xffff0000 above). The helpers
// would be wrong for a whole warp, but every call of them in the program
// is under the guard that picks their half.

__device__ __forceinline__ float lowHalfSum(float v) {
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0x0000ffffu, v, o);
  return v;
}

__device__ __forceinline__ float highHalfSum(float v) {
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0xffff0000u, v, o);
  return v;
}

__global__ void complexDot(const float2 *__restrict__ a, const float2 *__restrict__ b, float2 *__restrict__ out) {
  const int lane = threadIdx.x & 31, warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int k = lane & 15;
  const float2 x = a[warp * 16 + k], y = b[warp * 16 + k];
  if (lane < 16) {
    const float re = lowHalfSum(x.x * y.x - x.y * y.y);
    if (lane == 0) out[warp].x = re;
  } else {
    const float im = highHalfSum(x.x * y.y + x.y * y.x);
    if (lane == 16) out[warp].y = im;
  }
}
