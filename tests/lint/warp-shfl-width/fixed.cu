// RUN: %check_warpcheck %s warp-shfl-width

__global__ void bcast24(const float *in, float *out) {
  int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
  out[threadIdx.x] = __shfl_sync(0xffffffff, v, (lane / 24) * 24);
  out[threadIdx.x] += __shfl_down_sync(0xffffffff, v, 1, 16);
  out[threadIdx.x] += __shfl_xor_sync(0xffffffff, v, 1, warpSize);
}
