// Stream filtering with warp-aggregated atomics, as written for Kepler:
// the active lanes elect a leader with __ballot(1) and __ffs, the leader
// bumps the output counter once for the warp, and the base is broadcast
// with __shfl. The function is called under `if (src[i] > 0)`, so the lanes
// that reach it differ from warp to warp; __ballot/__shfl without a mask
// assume the whole warp is there and in lockstep, which sm_70 and later no
// longer guarantee. The fix is __activemask()/__ballot_sync with the mask of
// the lanes in the branch, and __shfl_sync with that mask.

__device__ __forceinline__ int laneId() { return threadIdx.x & 31; }

__device__ int atomicAggInc(int *ctr) {
  int mask = __ballot(1);  // expect: warp-legacy-intrinsic
  int leader = __ffs(mask) - 1;
  int res;
  if (laneId() == leader) res = atomicAdd(ctr, __popc(mask));
  res = __shfl(res, leader);  // expect: warp-legacy-intrinsic
  return res + __popc(mask & ((1 << laneId()) - 1));
}

__global__ void filterPositive(int *dst, int *nres, const int *src, int n) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i < n && src[i] > 0) dst[atomicAggInc(nres)] = src[i];
}

int filter(int *d_dst, int *d_nres, const int *d_src, int n) {
  cudaMemset(d_nres, 0, sizeof(int));
  filterPositive<<<(n + 255) / 256, 256>>>(d_dst, d_nres, d_src, n);
  int count = 0;
  cudaMemcpy(&count, d_nres, sizeof(int), cudaMemcpyDeviceToHost);
  return count;
}
