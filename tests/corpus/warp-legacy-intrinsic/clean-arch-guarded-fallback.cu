// Warp primitives of a library that still ships an sm_60 build: the legacy
// intrinsics are used only when the device pass targets an architecture
// before Volta, where the warp does run in lockstep and the calls are the
// documented API; for sm_70 and later the _sync forms are compiled. In the
// host pass __CUDA_ARCH__ is undefined and the preprocessor takes the
// legacy branch, but no device code is generated from it there.

#define FULL_MASK 0xffffffffu

__device__ __forceinline__ float warpShflDown(float v, int delta) {
#if __CUDA_ARCH__ >= 700
  return __shfl_down_sync(FULL_MASK, v, delta);
#else
  return __shfl_down(v, delta);
#endif
}

__device__ __forceinline__ unsigned warpBallot(bool p) {
#if __CUDA_ARCH__ >= 700
  return __ballot_sync(FULL_MASK, p);
#else
  return __ballot(p);
#endif
}

// L2 norm of each row of a row-major matrix, one warp per row, together
// with the count of non-finite entries (for the solver's health check).
__global__ void rowNorms(const float *__restrict__ a, int rows, int cols, float *__restrict__ norms,
                         int *__restrict__ badEntries) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= rows) return;  // blockDim.x is a multiple of 32: whole warps leave
  float ss = 0.f;
  int bad = 0;
  for (int base = 0; base < cols; base += 32) {
    int c = base + lane;
    float v = c < cols ? a[(size_t)row * cols + c] : 0.f;
    bool finite = isfinite(v);
    ss += finite ? v * v : 0.f;
    bad += __popc(warpBallot(!finite));
  }
  for (int d = 16; d > 0; d >>= 1) ss += warpShflDown(ss, d);
  if (lane == 0) {
    norms[row] = sqrtf(ss);
    if (bad) atomicAdd(badEntries, bad);
  }
}
