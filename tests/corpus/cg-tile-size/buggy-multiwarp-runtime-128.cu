// Block-partitioned merge path: each 128-thread group merges one pair of
// sorted runs. The templated tiled_partition<128> (a multi-warp tile) would
// have been fine, but the code uses the runtime-sized form with a constant
// 128, which supports at most 32 threads.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kGroup = 128;

__device__ int merge_path(const int *a, int na, const int *b, int nb, int diag) {
  int lo = max(0, diag - nb), hi = min(diag, na);
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (a[mid] <= b[diag - 1 - mid]) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

__global__ void merge_runs(const int *__restrict__ keys, int *__restrict__ out, int run, int pairs) {
  auto group = cg::tiled_partition(cg::this_thread_block(), kGroup); // expect: cg-tile-size
  const int p = blockIdx.x * (blockDim.x / kGroup) + threadIdx.x / kGroup;
  if (p >= pairs) return;
  const int *a = keys + (size_t)p * 2 * run, *b = a + run;
  const int per = 2 * run / kGroup;
  const int diag = group.thread_rank() * per;
  int i = merge_path(a, run, b, run, diag), j = diag - i;
  for (int k = 0; k < per; ++k) {
    const bool takeA = j >= run || (i < run && a[i] <= b[j]);
    out[(size_t)p * 2 * run + diag + k] = takeA ? a[i++] : b[j++];
  }
  group.sync();
}
