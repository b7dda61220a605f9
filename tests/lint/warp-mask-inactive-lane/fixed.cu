// RUN: %check_warpcheck %s warp-mask-inactive-lane

__global__ void warp_sums(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.f;
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffff, v, o);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
}

__global__ void half_warp(const int *p, int *out) {
  int lane = threadIdx.x % 32;
  if (lane < 16)
    out[lane] = __shfl_sync(0x0000ffff, p[lane], 0);
}

__global__ void broadcast(int *out) {
  int laneId = threadIdx.x & 31;
  int value = out[threadIdx.x];
  int r = __shfl_sync(0xFFFFFFFF, value, 0);
  out[threadIdx.x] = (laneId > 0) ? r : 0;
}
