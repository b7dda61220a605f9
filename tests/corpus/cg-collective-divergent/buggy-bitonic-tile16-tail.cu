// Sorts keys in runs of 16 with a register bitonic network over a tile of 16
// threads (tile.shfl_xor exchanges partners). The last run of the array can
// be partial, and the exchange is guarded by the thread's own bounds check:
// lanes past `n` skip the shuffles their partners are waiting on.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <typename Tile>
__device__ unsigned bitonic_step(const Tile &tile, unsigned key, unsigned j, bool up) {
  const unsigned other = tile.shfl_xor(key, j);
  const bool lower = (tile.thread_rank() & j) == 0;
  return (lower == up) ? min(key, other) : max(key, other);
}

__global__ void sort_runs16(unsigned *__restrict__ keys, int n) {
  auto tile = cg::tiled_partition<16>(cg::this_thread_block());
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned key = i < n ? keys[i] : 0xffffffffu;
  if (i < n) {
    for (unsigned k = 2; k <= 16; k <<= 1)
      for (unsigned j = k >> 1; j > 0; j >>= 1) {
        const bool up = (tile.thread_rank() & k) == 0;
        key = bitonic_step(tile, key, j, up); // expect: cg-collective-divergent
      }
    keys[i] = key;
  }
}
