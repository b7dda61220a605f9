// Stream compaction of valid particle ids: each warp ballots which of its
// lanes hold a live particle, the first live lane reserves room in the
// output and broadcasts the base with a shuffle whose mask is that ballot.
// The broadcast was hoisted out of `if (alive)` to keep the code flat, so
// dead lanes call __shfl_sync with a mask that does not contain them.

__global__ void compactAlive(const int *__restrict__ ids, const float *__restrict__ energy, int n,
                             int *__restrict__ aliveIds, int *__restrict__ aliveCount) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const bool alive = i < n && energy[i] > 0.f;
  const unsigned aliveMask = __ballot_sync(0xffffffffu, alive);
  if (aliveMask == 0) return;  // the whole warp leaves

  const int leader = __ffs(aliveMask) - 1;
  int base = 0;
  if (lane == leader) base = atomicAdd(aliveCount, __popc(aliveMask));
  base = __shfl_sync(aliveMask, base, leader); // expect: warp-mask-missing-lane
  if (alive) aliveIds[base + __popc(aliveMask & ((1u << lane) - 1))] = ids[i];
}
