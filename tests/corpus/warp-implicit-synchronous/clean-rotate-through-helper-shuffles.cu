// The rotate-and-reduce of clean-rotate-through-shuffles.cu with the warp
// reduction in a helper, as most code writes it: each lane reads its
// neighbour's slot of a shared row, the warp sums through warpReduceSum()
// (full-mask shuffles inside), and each lane then overwrites its own slot.
// Every lane runs the helper's shuffles, and no lane leaves a full-mask
// shuffle before every lane has arrived, so every read of the row is done
// before any lane writes it.

template <typename T>
__device__ __forceinline__ T warpReduceSum(T v) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}

__global__ void rotateReduceHelper(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float row[8][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  row[warp][lane] = in[blockIdx.x * 256 + threadIdx.x];
  __syncwarp();
  const float v = warpReduceSum(row[warp][(lane + 1) & 31]);
  row[warp][lane] = v;
  out[blockIdx.x * 256 + threadIdx.x] = v;
}
