// A persistent kernel where each warp pulls work items from a global queue:
// lane 0 takes a ticket, the warp broadcasts it, and the whole warp leaves
// the loop together when the queue is empty.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

struct WorkQueue {
  const float* items;  // items x 32 values
  float* results;
  int* head;
  int size;
};

__global__ void drain_queue(WorkQueue q) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  while (true) {
    int ticket = 0;
    if (warp.thread_rank() == 0) ticket = atomicAdd(q.head, 1);
    ticket = warp.shfl(ticket, 0);
    if (ticket >= q.size) break;
    float v = q.items[(size_t)ticket * 32 + warp.thread_rank()];
    float sum = cg::reduce(warp, v, cg::plus<float>());
    if (warp.any(v < 0.f)) sum = -sum;
    if (warp.thread_rank() == 0) q.results[ticket] = sum;
  }
  warp.sync();
}

// The same with a coalesced group of the lanes that still have work.
__global__ void drain_queue_lanes(WorkQueue q, const int* __restrict__ budget) {
  int left = budget[blockIdx.x * blockDim.x + threadIdx.x];
  while (left > 0) {
    auto active = cg::coalesced_threads();
    int ticket = 0;
    if (active.thread_rank() == 0) ticket = atomicAdd(q.head, active.size());
    ticket = active.shfl(ticket, 0) + active.thread_rank();
    if (ticket >= q.size) break;
    q.results[ticket] = q.items[(size_t)ticket * 32];
    --left;
  }
}
