// RUN: %check_warpcheck %s warp-mask-nonuniform

// Disjoint masks computed from the lane: one per group of eight.
__global__ void groups(float *v) {
  int lane = threadIdx.x & 31;
  unsigned m = 0xffu << (lane & ~7);
  v[threadIdx.x] = __shfl_xor_sync(m, v[threadIdx.x], 1);
}

// Different masks on paths that never meet.
__global__ void branches(const int *p, int *out) {
  int lane = threadIdx.x & 31;
  if (lane < 16) out[lane] = __ballot_sync(0x0000ffff, p[lane]);
  else out[lane] = __ballot_sync(0xffff0000, p[lane]);
}

// A thread-dependent mask from __match_any_sync is a partition.
__global__ void match(const int *keys, int *out) {
  unsigned peers = __match_any_sync(0xffffffff, keys[threadIdx.x]);
  out[threadIdx.x] = __reduce_add_sync(peers, 1);
}
