// RUN: %check_warpcheck %s grid-sync-without-cooperative-launch
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void twoPhase(float *data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] *= 2;
  grid.sync();
  data[grid.thread_rank()] += data[0];
}

// Through a device function and the free cg::sync().
__device__ void phaseBarrier() { cg::sync(cg::this_grid()); }
__global__ void viaHelper(float *data) {
  data[threadIdx.x] = 1;
  phaseBarrier();
}

// The split barrier, in a template instantiation.
template <typename T> __global__ void split(T *data) {
  auto grid = cg::this_grid();
  auto token = grid.barrier_arrive();
  data[threadIdx.x] = T(1);
  grid.barrier_wait(std::move(token));
}

void launchAll(float *d, int *i) {
  twoPhase<<<80, 256>>>(d);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'twoPhase' synchronizes its grid but is launched with <<<...>>>, not cudaLaunchCooperativeKernel{{.*}} [grid-sync-without-cooperative-launch]
  viaHelper<<<80, 256>>>(d);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'viaHelper' synchronizes its grid{{.*}} [grid-sync-without-cooperative-launch]
  split<int><<<80, 256>>>(i);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'split' synchronizes its grid{{.*}} [grid-sync-without-cooperative-launch]
  void *args[] = {&d};
  cudaLaunchKernel((void *)twoPhase, dim3(80), dim3(256), args);
// CHECK-MESSAGES: :[[@LINE-1]]:3: error: kernel 'twoPhase' synchronizes its grid but is launched with cudaLaunchKernel{{.*}} [grid-sync-without-cooperative-launch]
}
