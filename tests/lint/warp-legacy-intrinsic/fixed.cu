// RUN: %check_warpcheck %s warp-legacy-intrinsic

__global__ void legacy(const int *p, float *out) {
  int any = __any_sync(0xffffffff, p[threadIdx.x] > 0);
  float y = __shfl_down_sync(0xffffffff, out[threadIdx.x], 1);
  out[threadIdx.x] = y + any;
}
