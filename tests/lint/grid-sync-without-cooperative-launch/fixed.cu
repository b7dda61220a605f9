// RUN: %check_warpcheck %s grid-sync-without-cooperative-launch
// The same kernels launched cooperatively: no finding.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void twoPhase(float *data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] *= 2;
  grid.sync();
  data[grid.thread_rank()] += data[0];
}

__device__ void phaseBarrier() { cg::sync(cg::this_grid()); }
__global__ void viaHelper(float *data) { phaseBarrier(); }

void launchAll(float *d) {
  void *args[] = {&d};
  cudaLaunchCooperativeKernel((void *)twoPhase, dim3(80), dim3(256), args);
  cudaLaunchCooperativeKernel(viaHelper, dim3(80), dim3(256), args);
}
