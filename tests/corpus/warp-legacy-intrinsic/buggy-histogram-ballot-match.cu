// Shared-memory histogram with warp-level conflict reduction, written
// before __match_any_sync existed: lanes with equal bins are found by
// voting on each bit of the bin with the legacy __ballot, the lowest lane
// of each group adds the group's count once. The vote has no mask and
// assumes the warp runs in lockstep (removed for sm_70 and later); it also
// runs inside the grid-stride loop, whose last iteration leaves some lanes
// out, so a full mask would be wrong too (__ballot(1) was the old way to
// get the mask of the lanes present).

#define BINS 256

__device__ unsigned peers(unsigned bin) {
  unsigned same = __ballot(1);  // expect: warp-legacy-intrinsic
#pragma unroll
  for (int b = 0; b < 8; ++b) {
    unsigned bit = (bin >> b) & 1u;
    unsigned voted = __ballot(bit);  // expect: warp-legacy-intrinsic
    same &= bit ? voted : ~voted;
  }
  return same;
}

__global__ void histogram256(const unsigned char *__restrict__ data, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned smem[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) smem[b] = 0;
  __syncthreads();

  const unsigned lane = threadIdx.x & 31;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    unsigned bin = data[i];
    unsigned group = peers(bin);
    unsigned leader = __ffs(group) - 1;
    if (lane == leader) atomicAdd(&smem[bin], __popc(group));
  }
  __syncthreads();

  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (smem[b]) atomicAdd(&hist[b], smem[b]);
}
