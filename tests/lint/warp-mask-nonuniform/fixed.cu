// RUN: %check_warpcheck %s warp-mask-nonuniform

__global__ void half_votes(const int *p, int *out) {
  int lane = threadIdx.x & 31;
  unsigned mask = (lane < 16) ? 0x0000ffffu : 0xffff0000u;
  out[lane] = __any_sync(mask, p[lane] > 0);
}
