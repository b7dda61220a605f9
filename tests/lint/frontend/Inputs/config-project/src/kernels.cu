// One finding for each thing .warpcheck.yaml changes.
#ifndef FROM_CONFIG
#error "ExtraArgs of .warpcheck.yaml were not applied"
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 800
#error "Archs of .warpcheck.yaml were not applied"
#endif

// barrier-divergent: an error by the catalogue, a warning by the config.
__global__ void shift_left(const int *in, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x > 0) {
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x - 1];
  }
}

// warp-legacy-intrinsic: turned off by the config.
__global__ void legacy(float *out) { out[threadIdx.x] = __shfl_down(out[threadIdx.x], 1); }

// warp-activemask-misuse: a warning by the catalogue, an error by WarningsAsErrors.
__global__ void pack_bits(const float *data, unsigned *output, int dataLen, float threshold) {
  int warpLane = threadIdx.x % 32;
  for (int i = warpLane; i < dataLen; i += 32) {
    unsigned active = __activemask();
    unsigned bits = __ballot_sync(active, data[i] > threshold);
    if (warpLane == 0) output[i / 32] = bits;
  }
}
