// Warp-aggregated global histogram with __match_any_sync: lanes with the
// same bin form a group, the group's lowest lane adds the group's count and
// broadcasts the old value within the group (used to give each element a
// stable rank inside its bin). The shuffle's mask is the lane's own peer
// set: every caller is in its mask, and the peer sets of one warp are
// disjoint or equal.
// corpus-args: --cuda-arch sm_70

__global__ void rankInBins(const float *__restrict__ x, int n, float lo, float scale, int bins,
                           unsigned *__restrict__ binCount, unsigned *__restrict__ rank) {
  const int lane = threadIdx.x & 31;
  const int stride = gridDim.x * blockDim.x;
  for (int base = blockIdx.x * blockDim.x; base < n; base += stride) {
    const int i = base + (int)threadIdx.x;
    int bin = -1;
    if (i < n) bin = min(bins - 1, max(0, (int)((x[i] - lo) * scale)));
    const unsigned peers = __match_any_sync(0xffffffffu, bin);
    const int leader = __ffs(peers) - 1;
    unsigned old = 0;
    if (lane == leader && bin >= 0) old = atomicAdd(&binCount[bin], __popc(peers));
    old = __shfl_sync(peers, old, leader);
    if (i < n) rank[i] = old + __popc(peers & ((1u << lane) - 1));
  }
}
