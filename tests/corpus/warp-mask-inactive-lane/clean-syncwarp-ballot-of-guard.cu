// Per-warp merge of small sorted runs: `cnt` lanes of each warp (cnt read
// from a per-warp table, so it differs between warps and is unknown here)
// stage their run heads in shared memory, synchronise only among
// themselves and pick the minimum head. The __syncwarp mask is the ballot
// of the very condition that guards it, so it names exactly the lanes that
// call.

#define WARPS 4

__global__ void mergeHeads(const int *__restrict__ runHeads, const int *__restrict__ runsPerWarp,
                           int *__restrict__ minHead, int *__restrict__ minRun) {
  __shared__ int heads[WARPS][32];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int gwarp = blockIdx.x * WARPS + warp;
  const int cnt = runsPerWarp[gwarp];  // <= 32

  const unsigned active = __ballot_sync(0xffffffffu, lane < cnt);
  if (lane < cnt) {
    heads[warp][lane] = runHeads[gwarp * 32 + lane];
    __syncwarp(active);
    int best = lane;
    for (int k = 0; k < cnt; ++k)
      if (heads[warp][k] < heads[warp][best]) best = k;
    if (lane == 0) {
      minHead[gwarp] = heads[warp][best];
      minRun[gwarp] = best;
    }
  }
}
