// Hash-table build with warp aggregation of duplicate keys. The coalesced
// group is taken inside the empty-key filter, so it holds exactly the lanes
// that have a real key, and labeled_partition over it is called by all of
// its members.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr unsigned kEmpty = 0xffffffffu;

__device__ unsigned hash32(unsigned k) {
  k ^= k >> 16;
  k *= 0x7feb352du;
  k ^= k >> 15;
  return k;
}

__global__ void build_counts(const unsigned *__restrict__ keys, int n, unsigned *__restrict__ table_keys,
                             unsigned *__restrict__ table_counts, unsigned capacity) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned key = keys[i];
  if (key != kEmpty) {
    cg::coalesced_group active = cg::coalesced_threads();
    cg::coalesced_group same = cg::labeled_partition(active, key);
    if (same.thread_rank() == 0) {
      unsigned slot = hash32(key) & (capacity - 1);
      for (;;) {
        const unsigned prev = atomicCAS(&table_keys[slot], kEmpty, key);
        if (prev == kEmpty || prev == key) break;
        slot = (slot + 1) & (capacity - 1);
      }
      atomicAdd(&table_counts[slot], same.size());
    }
  }
}
