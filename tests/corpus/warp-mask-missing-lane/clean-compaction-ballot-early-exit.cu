// Stream compaction of live particle ids: the warp ballots its live lanes,
// dead lanes return, and the leader's reservation is broadcast with the
// ballot as mask. After `if (!alive) return;` only lanes in the ballot are
// left, so every caller of the shuffle is named in its mask.

__global__ void compactAlive(const int *__restrict__ ids, const float *__restrict__ energy, int n,
                             int *__restrict__ aliveIds, int *__restrict__ aliveCount) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const bool alive = i < n && energy[i] > 0.f;
  const unsigned aliveMask = __ballot_sync(0xffffffffu, alive);
  if (!alive) return;

  const int leader = __ffs(aliveMask) - 1;
  int base = 0;
  if (lane == leader) base = atomicAdd(aliveCount, __popc(aliveMask));
  base = __shfl_sync(aliveMask, base, leader);
  aliveIds[base + __popc(aliveMask & ((1u << lane) - 1))] = ids[i];
}
