// Byte histogram with warp-aggregated shared-memory atomics: lanes holding
// the same bin find each other with __match_any_sync, the lowest of them adds
// the group's count. The match runs inside `if (i < n)`, with the full mask:
// in the warp that straddles n, lanes past the end are named and never call.
// corpus-args: --cuda-arch sm_70

#define BINS 256

__global__ void byteHistogram(const unsigned char *__restrict__ data, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();

  const int lane = threadIdx.x & 31;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const unsigned bin = data[i];
    const unsigned peers = __match_any_sync(0xffffffff, bin); // expect: warp-mask-inactive-lane
    const int leader = __ffs(peers) - 1;
    if (lane == leader) atomicAdd(&local[bin], __popc(peers));
  }
  __syncthreads();

  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b]) atomicAdd(&hist[b], local[b]);
}
