// Octree construction, allocation step: every internal node has eight
// children, one lane each (four nodes per warp), and a child that must be
// subdivided gets an offset into the next level from an exclusive scan of
// the split flags over its node's eight lanes (shuffle width 8). The node
// totals are then scanned over the warp with the default width, and one
// atomicAdd per warp reserves the slots.

#define FULL_MASK 0xffffffffu
#define CHILDREN 8

__global__ void allocateChildren(const int *__restrict__ pointCount, int nodes, int leafCapacity,
                                 int *__restrict__ childOffset, int *__restrict__ nextLevelSize) {
  const int lane = threadIdx.x & 31;
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int node = gid / CHILDREN;
  const int child = gid % CHILDREN;

  const int split = node < nodes && pointCount[gid] > leafCapacity;
  int incl = split;
  for (int d = 1; d < CHILDREN; d <<= 1) {
    int up = __shfl_up_sync(FULL_MASK, incl, d, CHILDREN);
    if (child >= d) incl += up;
  }
  const int nodeTotal = __shfl_sync(FULL_MASK, incl, CHILDREN - 1, CHILDREN);

  // Scan the four node totals of the warp (held by every lane of a node).
  int nodePrefix = (child == CHILDREN - 1) ? nodeTotal : 0;
  for (int d = 1; d < 32; d <<= 1) {
    int up = __shfl_up_sync(FULL_MASK, nodePrefix, d);
    if (lane >= d) nodePrefix += up;
  }
  const int warpTotal = __shfl_sync(FULL_MASK, nodePrefix, 31);
  int base = 0;
  if (lane == 0 && warpTotal > 0) base = atomicAdd(nextLevelSize, warpTotal);
  base = __shfl_sync(FULL_MASK, base, 0);

  // At a node's last lane: the totals of the nodes before it (exclusive prefix).
  const int before = nodePrefix - (child == CHILDREN - 1 ? nodeTotal : 0);
  const int nodeBase = __shfl_sync(FULL_MASK, before, (lane / CHILDREN) * CHILDREN + CHILDREN - 1);
  if (split) childOffset[gid] = (base + nodeBase + incl - 1) * CHILDREN;
}
