// RUN: %check_warpcheck %s unused-suppression -- --enable=barrier-divergent
// NOLINT comments unused-suppression leaves alone.

__global__ void k(float *o, int n) {
  __syncthreads(); // NOLINT
  __syncthreads(); // NOLINT(barrier-*)
  __syncthreads(); // NOLINT(bugprone-branch-clone)
  // A rule that did not run (only barrier-divergent is enabled).
  o[threadIdx.x] = __shfl_sync(0xffffffff, o[threadIdx.x], 0, 24); // NOLINT(warp-shfl-width)
  // A rule only `warpcheck run` reports.
  o[threadIdx.x] += o[threadIdx.x + 1]; // NOLINT(race-shared)
  // Used.
  if (threadIdx.x < n) __syncthreads(); // NOLINT(barrier-divergent)
}
