// Segmented sums of 16-element rows, two rows per warp: each half-warp
// reduces its own row. The shuffle lives in a reduction helper that names
// the low half (0x0000ffff); a row helper scales the values and calls it;
// the kernel calls the row helper for the low half only and handles the
// high half's row with the mirrored helper. The guard that makes the mask
// right is two calls above the shuffle.

__device__ __forceinline__ float lowHalfReduce(float v) {
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0x0000ffffu, v, o);
  return v;
}

__device__ __forceinline__ float highHalfReduce(float v) {
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0xffff0000u, v, o);
  return v;
}

__device__ float lowRowSum(const float *row, float scale) { return lowHalfReduce(row[threadIdx.x & 15] * scale); }
__device__ float highRowSum(const float *row, float scale) { return highHalfReduce(row[threadIdx.x & 15] * scale); }

__global__ void rowSums(const float *__restrict__ rows, const float *__restrict__ scales, float *__restrict__ out) {
  const int lane = threadIdx.x & 31, warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const float *low = rows + (2 * warp) * 16, *high = rows + (2 * warp + 1) * 16;
  float s;
  if (lane < 16)
    s = lowRowSum(low, scales[2 * warp]);
  else
    s = highRowSum(high, scales[2 * warp + 1]);
  if ((lane & 15) == 0) out[2 * warp + (lane >> 4)] = s;
}
