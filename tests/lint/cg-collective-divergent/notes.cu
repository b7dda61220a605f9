// RUN: %check_warpcheck %s cg-collective-divergent
// The notes: the branch, two threads of one tile that it separates, where a
// coalesced group was created, and the chain into a helper.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void half_tile(int *out) {
  auto tile = cg::tiled_partition<8>(cg::this_thread_block());
  int v = out[threadIdx.x];
  if (tile.thread_rank() >= 2)
    v = tile.shfl_xor(v, 1);
// CHECK-NOTES: :[[@LINE-1]]:9: error: collective 'tile.shfl_xor()' of the thread_block_tile<8> 'tile' is reached under control that differs within the tile: all 8 threads of a tile must call it, or the behaviour is undefined (a hang, or values read from threads that never called it) [cg-collective-divergent]
// CHECK-NOTES: :[[@LINE-3]]:7: note: the 'if' condition is thread-dependent because it depends on 'tile.thread_rank()'
// CHECK-NOTES: :[[@LINE-4]]:7: note: for example threadIdx.x == 0 and threadIdx.x == 2 are in the same tile (threads 0-7) but take different sides
  out[threadIdx.x] = v;
}

__global__ void late_group(const float *x, float *out) {
  auto g = cg::coalesced_threads();
  float v = x[threadIdx.x];
  if (v > 0.f)
    out[threadIdx.x] = cg::reduce(g, v, cg::plus<float>());
// CHECK-NOTES: :[[@LINE-1]]:24: error: collective 'cg::reduce()' of the coalesced_group 'g' is reached under a thread-dependent branch taken after the group was created: the group still contains the threads that went the other way, and all of its members must call it [cg-collective-divergent]
// CHECK-NOTES: :[[@LINE-3]]:7: note: the 'if' condition is thread-dependent because it depends on threadIdx.x
// CHECK-NOTES: :[[@LINE-5]]:15: note: threadIdx.x is thread-dependent here
// CHECK-NOTES: :[[@LINE-7]]:12: note: 'g' is created here, before the branch: it holds every thread active at this point
}

__device__ int broadcast(cg::thread_block_tile<32> t, int v) { return t.shfl(v, 0); }
__device__ int relay(cg::thread_block_tile<32> t, int v) { return broadcast(t, v) + 1; }
__global__ void via_helpers(const int *x, int *out, int n) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = relay(warp, x[i]);
// CHECK-NOTES: :[[@LINE-1]]:14: error: call to 'relay', which executes the collective 't.shfl()' of the thread_block_tile<32> 'warp', is reached under control that differs within the tile: all 32 threads of a tile must make the call, or the behaviour is undefined (a hang, or values read from threads that never called it) [cg-collective-divergent]
// CHECK-NOTES: :[[@LINE-3]]:7: note: the 'if' condition is thread-dependent because it depends on threadIdx.x
// CHECK-NOTES: :[[@LINE-5]]:37: note: threadIdx.x is thread-dependent here
// CHECK-NOTES: :31:67: note: 'broadcast' is called here
// CHECK-NOTES: :30:71: note: 't.shfl()' is called here
}

// A block collective under a branch on a tile's index: warp-dependent.
#include <cooperative_groups/memcpy_async.h>
__global__ void first_warp_copies(const int *g, int *out) {
  __shared__ int sh[128];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  if (warp.meta_group_rank() == 0)
    cg::memcpy_async(block, sh, g, sizeof(sh));
// CHECK-NOTES: :[[@LINE-1]]:5: error: collective 'cg::memcpy_async()' of the thread_block 'block' is reached under warp-dependent control: every thread of the block must call it, or the behaviour is undefined [cg-collective-divergent]
// CHECK-NOTES: :[[@LINE-3]]:7: note: the 'if' condition is warp-dependent because it depends on 'warp.meta_group_rank()'
  cg::wait(block);
  out[threadIdx.x] = sh[threadIdx.x % 128];
}
