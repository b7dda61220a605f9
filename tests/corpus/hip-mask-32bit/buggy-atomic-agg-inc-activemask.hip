// Work-queue push with the warp-aggregated atomic increment from the CUDA
// programming blog ("atomicAggInc"), hipified: __activemask() into an
// `unsigned`, leader from __ffs, rank from __popc(active & lanemask). On
// gfx90a the active lanes 32-63 disappear from the mask: they never
// become leader, are not counted in the reservation, and all compute a
// rank as if they were lane 31 or below, so queue slots collide.
#include <hip/hip_runtime.h>

__device__ int atomicAggInc(int *ctr) {
  const unsigned active = __activemask(); // expect: hip-mask-32bit
  const int lane = __lane_id();
  const int leader = __ffs(active) - 1;
  int res = 0;
  if (lane == leader) res = atomicAdd(ctr, __popc(active));
  res = __shfl(res, leader);
  return res + __popc(active & ((1 << lane) - 1)); // expect: hip-mask-32bit
}

struct Task { int node; int depth; };

// Expand tree nodes: children that still need work go to the queue.
__global__ void expandNodes(const int *firstChild, const int *numChildren, const Task *in, int n, Task *queue,
                            int *tail, int maxDepth) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Task t = in[i];
  if (t.depth >= maxDepth) return;
  for (int c = 0; c < numChildren[t.node]; ++c) {
    const int slot = atomicAggInc(tail);
    queue[slot] = Task{firstChild[t.node] + c, t.depth + 1};
  }
}
