// Input of unused-suppression.test (copied, then fixed in place).
__global__ void k(float *o, int n) {
  __syncthreads(); // NOLINT(barrier-divergent)
  if (threadIdx.x < n) __syncthreads(); // NOLINT(warp-shfl-width, barrier-divergent)
  __syncthreads(); // NOLINT(bugprone-branch-clone, barrier-divergent): reviewed
  // NOLINTNEXTLINE(barrier-divergent)
  __syncthreads();
}
