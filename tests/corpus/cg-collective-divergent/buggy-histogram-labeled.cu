// Shared-memory histogram that aggregates equal bins within a warp with
// labeled_partition before the atomic. The partition sits inside the bounds
// check: in the last block the warp straddling `n` partitions with only the
// lanes that hold an element, although labeled_partition is a collective of
// the whole tile it partitions.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kBins = 256;

__global__ void byte_histogram(const unsigned char* __restrict__ data, unsigned* __restrict__ bins, int n) {
  __shared__ unsigned local[kBins];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  block.sync();

  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned bin = data[i];
    auto same = cg::labeled_partition(warp, bin);  // expect: cg-collective-divergent
    if (same.thread_rank() == 0) atomicAdd(&local[bin], same.size());
  }
  block.sync();

  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}
