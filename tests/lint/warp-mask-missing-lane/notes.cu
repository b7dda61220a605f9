// RUN: %check_warpcheck %s warp-mask-missing-lane

__global__ void all_positive(const int *p, int *out) {
  int pred = p[threadIdx.x] > 0;
  if (threadIdx.x < 4)
    out[threadIdx.x] = __all_sync(0b0011, pred);
// CHECK-NOTES: :[[@LINE-1]]:24: error: lanes that reach '__all_sync' are missing from its mask 0x3{{.*}} [warp-mask-missing-lane]
// CHECK-NOTES: :[[@LINE-2]]:35: note: for example lane 2 of warp 0 (threadIdx.x == 2) calls it but is not in the mask
}
