// Shared-memory histogram with warp-level conflict reduction on sm_70 and
// later: __match_any_sync finds the lanes holding the same bin, and the
// lowest of them adds the group's count once. The loop walks the input in
// warp-sized steps with a warp-uniform trip count, so every lane of the
// warp reaches the vote and the full mask is right; lanes past the end
// vote with a bin value no real byte has and add nothing.

#define BINS 256
#define FULL_MASK 0xffffffffu

__global__ void histogram256(const unsigned char *__restrict__ data, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned smem[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) smem[b] = 0;
  __syncthreads();

  const unsigned lane = threadIdx.x & 31;
  const int warpFirst = blockIdx.x * blockDim.x + (threadIdx.x / 32) * 32;
  const int stride = blockDim.x * gridDim.x;
  for (int base = warpFirst; base < n; base += stride) {
    const int i = base + lane;
    const unsigned bin = i < n ? data[i] : BINS;  // BINS: "no element"
    const unsigned group = __match_any_sync(FULL_MASK, bin);
    const unsigned leader = __ffs(group) - 1;
    if (bin < BINS && lane == leader) atomicAdd(&smem[bin], __popc(group));
  }
  __syncthreads();

  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (smem[b]) atomicAdd(&hist[b], smem[b]);
}
