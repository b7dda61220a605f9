// Warp-level ranking of 4-bit radix digits (the "match" step of a
// warp-private radix sort, done with one ballot per digit bit because HIP
// has no __match_any): each lane intersects the ballots of the bits it has
// and lacks to find its peers, then ranks itself among them. The peer set
// was declared `unsigned`, CUDA's mask width: on gfx90a every ballot is
// truncated on assignment, lanes 32-63 find no peers at all, and their
// ranks collide with those of lanes 0-31.
#include <hip/hip_runtime.h>

#define RADIX_BITS 4
#define RADIX (1 << RADIX_BITS)

__global__ void rankDigits(const unsigned *keys, int n, int shift, int *rank, int *digitCount) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool valid = i < n;
  const unsigned digit = valid ? (keys[i] >> shift) & (RADIX - 1) : RADIX;
  const unsigned long long lt = __lanemask_lt();

  unsigned peers = __ballot(valid); // expect: hip-mask-32bit
  for (int b = 0; b < RADIX_BITS; ++b) {
    unsigned bitVotes = __ballot((digit >> b) & 1); // expect: hip-mask-32bit
    peers &= ((digit >> b) & 1) ? bitVotes : ~bitVotes;
  }

  const int before = __popcll(peers & lt);
  if (valid) {
    rank[i] = before;
    // The lowest lane of each peer group publishes the group's size.
    if (before == 0) atomicAdd(&digitCount[digit], __popc(peers));
  }
}
