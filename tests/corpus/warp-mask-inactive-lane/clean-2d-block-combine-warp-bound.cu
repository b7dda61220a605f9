// The combine step of a split attention kernel (the shape of ggml's
// fattn-vec): blocks of (32, nwarps) threads, each warp holds the partial
// softmax sums of its rows in shared memory, and the first D threads of the
// block reduce them. tid = 32 * threadIdx.y + threadIdx.x and D is a
// multiple of 64, so `tid < D` keeps or drops whole warps and the full-mask
// reduction inside it has every lane of each warp that runs it.
constexpr int kWarp = 32;

template <int width = kWarp> __device__ __forceinline__ float warpReduceSum(float x) {
#pragma unroll
  for (int offset = width / 2; offset > 0; offset >>= 1) x += __shfl_xor_sync(0xffffffff, x, offset, width);
  return x;
}

template <int D, int nwarps>
__global__ void combineRows(const float *__restrict__ vkq, const float *__restrict__ rowSums, float *__restrict__ dst,
                            int rows) {
  static_assert(D % (2 * kWarp) == 0, "D must be a multiple of 64");
  constexpr int nthreads = nwarps * kWarp;
  __shared__ float sums[nwarps];
  const int tid = kWarp * threadIdx.y + threadIdx.x;
  const int row = blockIdx.x;
  if (row >= rows) return;

  float s = warpReduceSum(rowSums[(row * nwarps + threadIdx.y) * kWarp + threadIdx.x]);
  if (threadIdx.x == 0) sums[threadIdx.y] = s;
  __syncthreads();

  if (nthreads <= D || tid < D) {
    float total = threadIdx.x < nwarps ? sums[threadIdx.x] : 0.f;
    total = warpReduceSum(total);
    for (int i0 = 0; i0 < D; i0 += nthreads) {
      if (i0 + tid < D) dst[row * D + i0 + tid] = vkq[row * D + i0 + tid] / total;
    }
  }
}

template __global__ void combineRows<64, 4>(const float *, const float *, float *, int);
template __global__ void combineRows<128, 8>(const float *, const float *, float *, int);
