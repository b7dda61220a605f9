// RUN: %check_warpcheck %s warp-activemask-misuse

// The guide's opportunistic aggregation: snapshot, leader, one atomic,
// broadcast with the same mask on the same path.
__device__ int atomicAggInc(int *ctr) {
  unsigned int active = __activemask();
  int leader = __ffs(active) - 1;
  int change = __popc(active);
  int lane = threadIdx.x & 31;
  unsigned int rank = __popc(active & ((1u << lane) - 1));
  int warp_res = 0;
  if (rank == 0) warp_res = atomicAdd(ctr, change);
  warp_res = __shfl_sync(active, warp_res, leader);
  return warp_res + rank;
}

__global__ void compact(const int *in, int *out, int *ctr, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) out[atomicAggInc(ctr)] = in[i];
}

// Snapshot and syncwarp on the same path, inside the branch.
__global__ void same_path(float *out, int n) {
  if (threadIdx.x < n) {
    unsigned m = __activemask();
    __syncwarp(m);
    out[threadIdx.x] = 0;
  }
}
