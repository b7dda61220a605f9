// Persistent particle update using the split grid barrier: each block
// arrives on the grid barrier after writing its particles' new positions,
// computes its local bounding box while the others catch up, and waits
// before reading any other block's particles. barrier_arrive/barrier_wait
// need a cooperative launch just like grid.sync(); the host uses <<<>>>.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void driftAndBound(float4 *pos, const float4 *vel, float dt, int n, int steps, float *boxes) {
  cg::grid_group grid = cg::this_grid();
  for (int s = 0; s < steps; ++s) {
    float lo = INFINITY, hi = -INFINITY;
    for (int i = grid.thread_rank(); i < n; i += grid.size()) {
      float4 p = pos[i];
      const float4 v = vel[i];
      p.x += v.x * dt; p.y += v.y * dt; p.z += v.z * dt;
      pos[i] = p;
      lo = fminf(lo, p.x);
      hi = fmaxf(hi, p.x);
    }
    auto token = grid.barrier_arrive();
    boxes[(size_t)s * grid.size() * 2 + grid.thread_rank() * 2] = lo;
    boxes[(size_t)s * grid.size() * 2 + grid.thread_rank() * 2 + 1] = hi;
    grid.barrier_wait(std::move(token));
  }
}

void simulate(float4 *pos, const float4 *vel, float dt, int n, int steps, float *boxes, cudaStream_t st) {
  driftAndBound<<<264, 128, 0, st>>>(pos, vel, dt, n, steps, boxes); // expect: grid-sync-without-cooperative-launch
}
