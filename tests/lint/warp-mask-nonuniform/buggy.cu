// RUN: %check_warpcheck %s warp-mask-nonuniform

__global__ void half_votes(const int *p, int *out) {
  int lane = threadIdx.x & 31;
  unsigned mask = (lane == 0) ? 0x1u : 0xffffffffu;
  out[lane] = __any_sync(mask, p[lane] > 0);
// CHECK-NOTES: :[[@LINE-1]]:15: error: lanes calling '__any_sync' pass different masks that overlap (0x1 and 0xffffffff){{.*}} [warp-mask-nonuniform]
// CHECK-NOTES: :[[@LINE-2]]:26: note: lane 0 of warp 0 (threadIdx.x == 0) passes 0x1, lane 1 of warp 0 (threadIdx.x == 1) passes 0xffffffff
}

__global__ void guide_example(const int *p, int *out) {
  out[threadIdx.x] = __all_sync(threadIdx.x == 0 ? 1 : 0xFFFFFFFF, p[threadIdx.x]);
// CHECK-NOTES: :[[@LINE-1]]:22: error: lanes calling '__all_sync' pass different masks that overlap{{.*}} [warp-mask-nonuniform]
// CHECK-NOTES: :[[@LINE-2]]:33: note: lane 0 of warp 0 {{.*}}
}

// Quarter masks that overlap their neighbours.
__global__ void sliding(float *v) {
  int lane = threadIdx.x & 31;
  unsigned m = 0xffu << (lane / 8 * 4);
  v[threadIdx.x] = __shfl_xor_sync(m, v[threadIdx.x], 1);
// CHECK-NOTES: :[[@LINE-1]]:20: error: lanes calling '__shfl_xor_sync' pass different masks that overlap{{.*}} [warp-mask-nonuniform]
// CHECK-NOTES: :[[@LINE-2]]:36: note: {{.*}}
}
