// Warp-aggregated append to a work queue (triangle counting, wedge
// emission): the opportunistic idiom -- snapshot, leader, one atomicAdd,
// broadcast -- but the snapshot was hoisted to the top of the loop body,
// before `if (emit)`. Lanes in the snapshot that do not emit never reach
// the broadcast, and __popc(active) reserves slots for them.

struct Wedge {
  int a, b, c;
};

__global__ void emitWedges(const int *__restrict__ rowPtr, const int *__restrict__ col, int nv,
                           Wedge *__restrict__ queue, int *__restrict__ queueSize) {
  const int lane = threadIdx.x & 31;
  for (int v = blockIdx.x * blockDim.x + threadIdx.x; v < nv; v += gridDim.x * blockDim.x) {
    const unsigned active = __activemask();
    const int deg = rowPtr[v + 1] - rowPtr[v];
    const bool emit = deg >= 2 && col[rowPtr[v]] > v;
    if (emit) {
      const int leader = __ffs(active) - 1;
      int base = 0;
      if (lane == leader) base = atomicAdd(queueSize, __popc(active));
      base = __shfl_sync(active, base, leader); // expect: warp-activemask-misuse
      const int slot = base + __popc(active & ((1u << lane) - 1));
      queue[slot] = Wedge{v, col[rowPtr[v]], col[rowPtr[v] + 1]};
    }
  }
}
