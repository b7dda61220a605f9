// RUN: %check_warpcheck %s grid-sync-without-cooperative-launch
// Block and tile synchronization need no cooperative launch; neither does a
// kernel that only asks for the grid's rank.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void blockOnly(float *data) {
  cg::thread_block block = cg::this_thread_block();
  data[threadIdx.x] = 1;
  block.sync();
  cg::sync(block);
  auto tile = cg::tiled_partition<32>(block);
  tile.sync();
}

__global__ void gridRankOnly(float *data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] = grid.size();
}

// A grid barrier in a device function this kernel never calls.
__device__ void unusedBarrier() { cg::this_grid().sync(); }
__global__ void doesNotCallIt(float *data) { data[threadIdx.x] = 0; }

// A class of its own named grid_group is not cooperative groups'.
namespace mine {
struct grid_group { __device__ void sync() const {} };
}
__global__ void ownGroup(float *data) { mine::grid_group g; g.sync(); }

void launchAll(float *d) {
  blockOnly<<<80, 256>>>(d);
  gridRankOnly<<<80, 256>>>(d);
  doesNotCallIt<<<80, 256>>>(d);
  ownGroup<<<80, 256>>>(d);
}

// A runtime-sized tile held as a type-erased thread_group: its sync()
// dispatches on the group's type, grid among others, but this one is a tile.
__global__ void erasedTile(float *data) {
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 8);
  data[threadIdx.x] = 1;
  g.sync();
}
void launchErasedTile(float *d) { erasedTile<<<4, 256>>>(d); }
