// Takes app/.warpcheck.yaml merged over the root's.
#if !defined(ROOT_CONFIG) || !defined(APP_CONFIG)
#error "app/ did not get the ExtraArgs of both configurations"
#endif
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 800
#error "app/ did not inherit the root's Archs"
#endif
#include "../include/shared.cuh"

// barrier-divergent: turned off by app/'s Rules.
__global__ void app_shift(const int *in, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x > 0) {
    __syncthreads();
    out[threadIdx.x] = s[threadIdx.x - 1];
  }
}

// warp-legacy-intrinsic: turned off by the root's Rules.
__global__ void app_legacy(float *out) { out[threadIdx.x] = __shfl_down(out[threadIdx.x], 1); }

// warp-activemask-misuse: an error by app/'s WarningsAsErrors.
__global__ void app_bits(const float *data, unsigned *output, int dataLen, float threshold) {
  int warpLane = threadIdx.x % 32;
  for (int i = warpLane; i < dataLen; i += 32) {
    unsigned active = __activemask();
    unsigned bits = __ballot_sync(active, data[i] > threshold);
    if (warpLane == 0) output[i / 32] = bits;
  }
}
