// Segmented sums of 16-element rows, two rows per warp, as in
// clean-half-warp-helper-two-levels.cu, but the kernel's branches were
// swapped when the row layout changed: the high half-warp now calls the
// row helper whose reduction names the low half (0x0000ffff), and the low
// half the one naming the high half. Each shuffle is reached by exactly the
// lanes its mask leaves out (and none of the lanes it names), two calls
// below the guard.

__device__ __forceinline__ float lowHalfReduce(float v) {
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0x0000ffffu, v, o); // expect: warp-mask-missing-lane, warp-mask-inactive-lane
  return v;
}

__device__ __forceinline__ float highHalfReduce(float v) {
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0xffff0000u, v, o); // expect: warp-mask-missing-lane, warp-mask-inactive-lane
  return v;
}

__device__ float lowRowSum(const float *row, float scale) { return lowHalfReduce(row[threadIdx.x & 15] * scale); }
__device__ float highRowSum(const float *row, float scale) { return highHalfReduce(row[threadIdx.x & 15] * scale); }

__global__ void rowSums(const float *__restrict__ rows, const float *__restrict__ scales, float *__restrict__ out) {
  const int lane = threadIdx.x & 31, warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const float *low = rows + (2 * warp) * 16, *high = rows + (2 * warp + 1) * 16;
  float s;
  if (lane >= 16)
    s = lowRowSum(high, scales[2 * warp + 1]);
  else
    s = highRowSum(low, scales[2 * warp]);
  if ((lane & 15) == 0) out[2 * warp + (lane >> 4)] = s;
}
