// Warp reductions of a library that keeps a pre-Volta code path. The
// legacy helper was wrapped in a suppression region for the legacy-
// intrinsic rule, but the closing comment misspells the rule
// ("intrinsics"): it does not close the region (an END closes only a
// BEGIN with the same list), and its id is unknown. An unclosed region
// suppresses nothing, so the legacy calls are reported after all -- and
// they are real: the kernel below, built for sm_70 and later like the
// rest of the library, still calls the legacy helpers.

// NOLINTBEGIN(warp-legacy-intrinsic)  // expect: suppression-invalid
__device__ __forceinline__ float warpSumLegacy(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down(v, o);  // expect: warp-legacy-intrinsic
  return v;
}

__device__ __forceinline__ unsigned warpVotesLegacy(bool p) { return __ballot(p); }  // expect: warp-legacy-intrinsic
// NOLINTEND(warp-legacy-intrinsics)  // expect: suppression-invalid

// Mean of the finite entries of each row, one warp per row.
__global__ void rowFiniteMean(const float *__restrict__ a, int rows, int cols, float *__restrict__ mean) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= rows) return;
  float s = 0.f;
  int cnt = 0;
  for (int base = 0; base < cols; base += 32) {
    const int c = base + lane;
    const float v = c < cols ? a[(size_t)row * cols + c] : NAN;
    const bool ok = isfinite(v);
    s += ok ? v : 0.f;
    cnt += __popc(warpVotesLegacy(ok));
  }
  s = warpSumLegacy(s);
  if (lane == 0) mean[row] = cnt ? s / cnt : 0.f;
}
