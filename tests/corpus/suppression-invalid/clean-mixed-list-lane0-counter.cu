// Per-warp match counting (output sizing for a range filter): lane 0 alone
// keeps the warp's running count in the warp's shared slot, so no two
// lanes ever share it. An earlier lint release did not apply the
// `lane == 0` guard inside loops and reported an exchange between lanes
// here; after review the lines got one suppression comment for both
// tools, naming a clang-tidy check and the warpcheck rule in the same list
// as docs/suppressions.md allows. The ids are spelt right, so the comments
// are valid whether or not the (false) finding still appears.

#define WARPS 8
#define FULL_MASK 0xffffffffu

__global__ void countMatches(const float *__restrict__ x, long long n, float lo, float hi, int *__restrict__ total) {
  __shared__ int warpCount[WARPS];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) warpCount[warp] = 0;

  const long long stride = (long long)blockDim.x * gridDim.x;
  for (long long base = (long long)blockIdx.x * blockDim.x + warp * 32; base < n; base += stride) {
    const long long i = base + lane;
    const bool match = i < n && x[i] >= lo && x[i] < hi;
    const unsigned hits = __ballot_sync(FULL_MASK, match);
    if (lane == 0) warpCount[warp] += __popc(hits);  // NOLINT(cppcoreguidelines-pro-bounds-constant-array-index, warp-implicit-synchronous)  // expect: unused-suppression
  }
  // NOLINTNEXTLINE(cppcoreguidelines-pro-bounds-constant-array-index, warp-implicit-synchronous): lane 0 only  // expect: unused-suppression
  if (lane == 0 && warpCount[warp] > 0) atomicAdd(total, warpCount[warp]);
}
