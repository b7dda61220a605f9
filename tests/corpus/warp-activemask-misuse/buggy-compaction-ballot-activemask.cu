// Two-pass stream compaction, count pass: every warp ballots the keep flags
// of its 32 elements and lane 0 stores the warp's count for the scan that
// follows. To "fix" the tail warp (lanes past n do not reach the ballot)
// the author replaced the full mask by __activemask(). The vote now covers
// whichever lanes happen to be converged: if the warp is split at that
// moment, lane 0 stores the count of its own group only, the scan hands the
// warp too few slots and the scatter pass overwrites other warps' output.
// (The fix: `__ballot_sync(FULL, i < n && keep)` outside the branch.)

__global__ void countKept(const float *__restrict__ in, int n, float threshold, int *__restrict__ warpCount) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  if (i < n) {
    const bool keep = fabsf(in[i]) > threshold;
    const unsigned voters = __activemask();
    const unsigned keepMask = __ballot_sync(voters, keep); // expect: warp-activemask-misuse
    if (lane == 0) warpCount[i / 32] = __popc(keepMask);
  }
}
