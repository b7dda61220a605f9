// Histogram update with two paths: when the whole warp is "present" the
// author uses a warp-wide __match_any_sync aggregation, otherwise plain
// per-lane atomics. Presence is decided from the popcount of an
// __activemask() snapshot -- a branch decided by which lanes happen to be
// converged, which the guide says cannot tell which lanes take a path;
// lanes of one warp may disagree, and the full-mask match then names
// lanes that went the other way.
// corpus-args: --cuda-arch sm_70

__global__ void histogram(const int *__restrict__ bins, int n, unsigned *__restrict__ hist) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  if (i >= n) return;
  const int bin = bins[i];
  const int present = __popc(__activemask());
  if (present == 32) { // expect: warp-activemask-misuse
    const unsigned peers = __match_any_sync(0xffffffffu, bin); // expect: warp-mask-inactive-lane
    if (lane == __ffs(peers) - 1) atomicAdd(&hist[bin], __popc(peers));
  } else {
    atomicAdd(&hist[bin], 1u);
  }
}
