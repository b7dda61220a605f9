// Stream filtering with warp-aggregated atomics, the cooperative-groups
// version of the Kepler idiom: coalesced_threads() is the group of lanes
// that actually reached the call inside the branch, its leader bumps the
// counter once, and active.shfl() broadcasts the base. The group methods
// any/ballot/shfl look like the removed intrinsics but carry their own
// membership, so nothing here assumes a lockstep warp.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ int atomicAggInc(int *ctr) {
  cg::coalesced_group active = cg::coalesced_threads();
  int res = 0;
  if (active.thread_rank() == 0) res = atomicAdd(ctr, (int)active.size());
  res = active.shfl(res, 0);
  return res + (int)active.thread_rank();
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
