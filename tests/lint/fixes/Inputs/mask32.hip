// Input of hip-mask.test (copied, then fixed in place).
#include <hip/hip_runtime.h>

__global__ void compact(const int *in, int *out, int *counter, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool keep = i < n && in[i] > 0;
  unsigned mask = __ballot(keep);
  int lane = threadIdx.x % warpSize;
  int base = 0;
  if (lane == 0) base = atomicAdd(counter, __popcll(mask));
  base = __shfl(base, 0);
  unsigned long long below = (1u << lane) - 1;
  if (keep) out[base + __popcll(mask & below)] = i;
}

__global__ void count_positive(const float *x, int *count) {
  unsigned long long votes = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 0.f);
  if (__lane_id() == 0) atomicAdd(count, __popc(votes));
}

__global__ void all_done(const int *flags, int *out) {
  out[0] = __all_sync(0xffffffff, flags[threadIdx.x] != 0);
}
