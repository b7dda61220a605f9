// corpus-args: --offload-arch=gfx1100
// Warp-aggregated histogram update for an RDNA3-only build (gfx1100 runs
// wave32): the ballot is narrowed to `unsigned` and counted with __popc
// and __ffs. On a wave32 device the upper 32 bits
// of every HIP mask are zero, so nothing is lost (the same code built for
// gfx90a would drop half the wavefront).
#include <hip/hip_runtime.h>

__global__ void histogramAggregated(const unsigned char *data, int n, unsigned int *bins) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = __lane_id();
  const int bin = i < n ? data[i] : -1;
  unsigned pending = __ballot(bin >= 0);

  // Peel off one bin value at a time: the lowest pending lane's value.
  while (pending) {
    const int leader = __ffs(pending) - 1;
    const int leaderBin = __shfl(bin, leader);
    const unsigned same = __ballot(bin == leaderBin) & pending;
    if (lane == leader) atomicAdd(&bins[leaderBin], (unsigned)__popc(same));
    pending &= ~same;
  }
}
