
__global__ void half_votes(const int *p, int *out) {
  int lane = threadIdx.x & 31;
  unsigned mask = (lane == 0) ? 0x1u : 0xffffffffu;
  out[lane] = __any_sync(mask, p[lane] > 0);
}

__global__ void guide_example(const int *p, int *out) {
  out[threadIdx.x] = __all_sync(threadIdx.x == 0 ? 1 : 0xFFFFFFFF, p[threadIdx.x]);
}

// Quarter masks that overlap their neighbours.
__global__ void sliding(float *v) {
  int lane = threadIdx.x & 31;
  unsigned m = 0xffu << (lane / 8 * 4);
  v[threadIdx.x] = __shfl_xor_sync(m, v[threadIdx.x], 1);
}
