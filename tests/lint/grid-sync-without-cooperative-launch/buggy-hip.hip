// REQUIRES: hip
// RUN: %check_warpcheck %s grid-sync-without-cooperative-launch -- --offload-arch=gfx90a
// A hipified launch through hipLaunchKernel of a kernel that syncs its grid.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void relaxAll(float *dist, int n) {
  cg::grid_group grid = cg::this_grid();
  for (int v = grid.thread_rank(); v < n; v += grid.size()) dist[v] *= 0.5f;
  grid.sync();
}

hipError_t relax(float *dist, int n, hipStream_t s) {
  void *args[] = {&dist, &n};
  return hipLaunchKernel(reinterpret_cast<const void *>(relaxAll), dim3(120), dim3(256), args, 0, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: kernel 'relaxAll' synchronizes its grid but is launched with hipLaunchKernel, not hipLaunchCooperativeKernel: {{.*}} [grid-sync-without-cooperative-launch]
}

hipError_t relaxCooperative(float *dist, int n, hipStream_t s) {
  void *args[] = {&dist, &n};
  return hipLaunchCooperativeKernel(reinterpret_cast<const void *>(relaxAll), dim3(120), dim3(256), args, 0, s);
}
