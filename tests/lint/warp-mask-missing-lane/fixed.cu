// RUN: %check_warpcheck %s warp-mask-missing-lane

__global__ void all_positive(const int *p, int *out) {
  int pred = p[threadIdx.x] > 0;
  if (threadIdx.x < 4)
    out[threadIdx.x] = __all_sync(0b1111, pred);
}

__global__ void half_mask(float *v) {
  int lane = threadIdx.x & 31;
  unsigned mask = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  v[threadIdx.x] = __shfl_xor_sync(mask, v[threadIdx.x], 1);
}

__global__ void ballot_inside(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot_sync(0xffffffff, i < n);
  if (i < n) out[i] = __shfl_sync(mask, x[i], 0);
}
