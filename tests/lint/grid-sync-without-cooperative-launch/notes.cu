// RUN: %check_warpcheck %s grid-sync-without-cooperative-launch
// The note points at the grid barrier the kernel reaches, through its callee.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void phaseBarrier() { cg::this_grid().sync(); }
__global__ void viaHelper(float *data) { phaseBarrier(); }
void launch(float *d) { viaHelper<<<4, 32>>>(d); }
// CHECK-NOTES: :[[@LINE-1]]:25: error: kernel 'viaHelper' synchronizes its grid{{.*}} [grid-sync-without-cooperative-launch]
// CHECK-NOTES: :[[@LINE-4]]:50: note: the grid synchronization it reaches
