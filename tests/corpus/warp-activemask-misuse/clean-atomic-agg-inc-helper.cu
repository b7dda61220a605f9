// Filter with a warp-aggregated output counter, the atomicAggInc helper of
// NVIDIA's "warp-aggregated atomics" post: called from inside `if (keep)`,
// it snapshots the converged lanes, elects the lowest as leader, reserves
// popc slots with one atomic and broadcasts the base with a shuffle whose
// mask is the same snapshot, on the same path. Every lane in the snapshot
// reaches the shuffle, and the snapshot only decides how the work is
// shared out, not which lanes do it.

__device__ __forceinline__ unsigned lanemaskLt() {
  unsigned m;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(m));
  return m;
}

__device__ int atomicAggInc(int *ctr) {
  const unsigned active = __activemask();
  const int leader = __ffs(active) - 1;
  const int change = __popc(active);
  const unsigned rank = __popc(active & lanemaskLt());
  int warpRes = 0;
  if (rank == 0) warpRes = atomicAdd(ctr, change);
  warpRes = __shfl_sync(active, warpRes, leader);
  return warpRes + rank;
}

__global__ void filterPositive(const int *__restrict__ src, int *__restrict__ dst, int *__restrict__ nres, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && src[i] > 0) dst[atomicAggInc(nres)] = src[i];
}
