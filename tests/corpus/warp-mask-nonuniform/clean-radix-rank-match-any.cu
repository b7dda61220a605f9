// One pass of an LSD radix sort, ranking step: keys with the same 4-bit
// digit in a warp find each other with __match_any_sync, the group leader
// reserves room in the digit's bucket, and the reservation is broadcast to
// the group with the peer set as mask. Lanes pass different masks at that
// shuffle, but peer sets are equal or disjoint -- the guide's rule holds.
// corpus-args: --cuda-arch sm_70

#define RADIX_BITS 4
#define RADIX (1 << RADIX_BITS)

__global__ void radixScatter(const unsigned *__restrict__ keysIn, unsigned *__restrict__ keysOut, int n, int shift,
                             unsigned *__restrict__ bucketCursor /* RADIX prefix-summed offsets */) {
  const int lane = threadIdx.x & 31;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool valid = i < n;
  const unsigned key = valid ? keysIn[i] : 0xffffffffu;
  const int digit = valid ? (int)((key >> shift) & (RADIX - 1)) : RADIX;  // invalid lanes get their own group

  const unsigned peers = __match_any_sync(0xffffffffu, digit);
  const int leader = __ffs(peers) - 1;
  const unsigned rankInGroup = __popc(peers & ((1u << lane) - 1));
  unsigned base = 0;
  if (lane == leader && valid) base = atomicAdd(&bucketCursor[digit], __popc(peers));
  base = __shfl_sync(peers, base, leader);
  if (valid) keysOut[base + rankInGroup] = key;
}
