// Input of legacy-intrinsic.test (copied, then fixed in place).
__global__ void legacy(const int *p, float *out) {
  int any = __any(p[threadIdx.x] > 0);
  float y = __shfl_down(out[threadIdx.x], 1);
  out[threadIdx.x] = y + any;
}

__global__ void half(float *out) {
  if ((threadIdx.x & 31) < 16)
    out[threadIdx.x] = __shfl_xor(out[threadIdx.x], 1);
}

__global__ void silenced(float *out) {
  out[threadIdx.x] = __shfl(out[threadIdx.x], 0); // NOLINT(warp-legacy-intrinsic)
}

__global__ void bounds(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __ballot(out[i] > 0);
}
