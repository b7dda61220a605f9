// REQUIRES: hip
// RUN: %check_warpcheck %s hip-mask-32bit -- --offload-arch=gfx1100
// A wave32-only build (RDNA3): the upper 32 bits of a mask are always zero,
// so keeping ballots in 32 bits loses nothing. (A 32-bit mask given to a
// _sync function is still reported: ROCm rejects it on every arch.)
#include <hip/hip_runtime.h>

__global__ void compact(const int *in, int *out, int *counter) {
  bool keep = in[threadIdx.x] > 0;
  unsigned mask = __ballot(keep);
  int lane = __lane_id();
  int base = 0;
  if (lane == 0) base = atomicAdd(counter, __popc(mask));
  base = __shfl(base, 0);
  if (keep) out[base + __popc(mask & ((1u << lane) - 1))] = threadIdx.x;
}
