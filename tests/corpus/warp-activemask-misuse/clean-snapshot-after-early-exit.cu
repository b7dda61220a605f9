// Particle binning into a uniform grid with per-cell counters: threads past
// the particle count return first, then each remaining thread snapshots the
// converged lanes and aggregates the cell increments of lanes that fall in
// the same cell (match over the snapshot, broadcast of the old count to the
// group). The snapshot is taken after the early exit and every collective
// that uses it is on the same straight-line path.
// corpus-args: --cuda-arch sm_70

__global__ void binParticles(const float4 *__restrict__ pos, int n, float invCell, int3 dims,
                             int *__restrict__ cellCount, int *__restrict__ cellOf, int *__restrict__ slotInCell) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int lane = threadIdx.x & 31;
  const float4 p = pos[i];
  const int cx = min(dims.x - 1, max(0, (int)(p.x * invCell)));
  const int cy = min(dims.y - 1, max(0, (int)(p.y * invCell)));
  const int cz = min(dims.z - 1, max(0, (int)(p.z * invCell)));
  const int cell = (cz * dims.y + cy) * dims.x + cx;

  const unsigned active = __activemask();
  const unsigned peers = __match_any_sync(active, cell);
  const int leader = __ffs(peers) - 1;
  int old = 0;
  if (lane == leader) old = atomicAdd(&cellCount[cell], __popc(peers));
  old = __shfl_sync(peers, old, leader);
  cellOf[i] = cell;
  slotInCell[i] = old + __popc(peers & ((1u << lane) - 1));
}
