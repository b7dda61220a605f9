// RUN: %check_warpcheck %s warp-mask-inactive-lane

// The mask is the ballot of the branch condition: exactly the lanes inside.
__global__ void ballot_mask(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __ballot_sync(0xffffffff, i < n);
  if (i < n) {
    float v = x[i];
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(mask, v, o);
    out[i] = v;
  }
}

// Early exit: exited lanes are ignored.
__global__ void early_exit(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = __shfl_down_sync(0xffffffff, x[i], 1);
}

// Disjoint masks in divergent branches.
__global__ void halves(const int *p, int *out) {
  int lane = threadIdx.x % 32;
  if (lane < 16)
    out[threadIdx.x] = __shfl_sync(0x0000ffff, p[lane], 0);
  else
    out[threadIdx.x] = __shfl_sync(0xffff0000, p[lane], 16);
}

// Warp-uniform branches around full-mask shuffles.
__global__ void warp_uniform(const int *p, int *out, int n) {
  int warp = threadIdx.x / 32;
  int lane = threadIdx.x & 31;
  if (warp == 0) out[0] = __shfl_sync(0xffffffff, p[lane], 0);
  if (threadIdx.x < 64) out[1] = __shfl_sync(0xffffffff, p[lane], 0);
  if (warp < n) out[2] = __shfl_sync(0xffffffff, p[lane], 0);
  if (p[warp] > 0) out[3] = __shfl_sync(0xffffffff, p[lane], 0);
  unsigned w2 = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (w2 < n) out[4] = __any_sync(0xffffffff, p[lane]);
}

// Uniform loops and lane-dependent values that do not steer control.
__global__ void uniform_loop(float *v, int n) {
  float x = v[threadIdx.x];
  for (int k = 0; k < n; ++k)
    x += __shfl_xor_sync(0xffffffff, x, k & 31);
  v[threadIdx.x] = x;
}
