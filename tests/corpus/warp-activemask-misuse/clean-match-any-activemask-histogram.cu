// Shared-memory histogram of 8-bit pixel values with match-based
// aggregation: inside the bounds check each thread snapshots the converged
// lanes and groups them by bin with __match_any_sync over that snapshot,
// on the same path; the group's lowest lane adds its size. Lanes that are
// not converged at the snapshot form their own groups and add their own
// counts.
// corpus-args: --cuda-arch sm_70

#define BINS 256

__global__ void histogram8(const unsigned char *__restrict__ img, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();

  const int lane = threadIdx.x & 31;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const unsigned bin = img[i];
    const unsigned active = __activemask();
    const unsigned peers = __match_any_sync(active, bin);
    if (lane == __ffs(peers) - 1) atomicAdd(&local[bin], __popc(peers));
  }
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b]) atomicAdd(&hist[b], local[b]);
}
