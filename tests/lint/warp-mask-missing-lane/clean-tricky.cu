// RUN: %check_warpcheck %s warp-mask-missing-lane

// Each half passes its own half mask; lanes of one half are all in it.
__global__ void halves(const int *p, int *out) {
  int lane = threadIdx.x % 32;
  if (lane < 16)
    out[threadIdx.x] = __shfl_sync(0x0000ffff, p[lane], 0);
  else
    out[threadIdx.x] = __shfl_sync(0xffff0000, p[lane], 16);
}

// A mask computed from the lane that always contains the lane.
__global__ void own_bit(int *out) {
  int lane = threadIdx.x & 31;
  unsigned group = 0xffu << (lane & ~7);
  out[threadIdx.x] = __reduce_add_sync(group, lane);
}

// A mask from __match_any_sync partitions the warp: not evaluated, not flagged.
__global__ void match_groups(const int *keys, int *out) {
  unsigned peers = __match_any_sync(0xffffffff, keys[threadIdx.x]);
  out[threadIdx.x] = __shfl_sync(peers, threadIdx.x, __ffs(peers) - 1);
}
