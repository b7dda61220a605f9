// RUN: %check_warpcheck %s unused-suppression -- --enable=barrier-divergent,warp-shfl-width
// NOLINT comments naming a rule that ran and found nothing on their lines.

__global__ void stale(float *o, int n) {
  if (threadIdx.x < n) __syncthreads(); // NOLINT(barrier-divergent)
  __syncthreads(); // NOLINT(barrier-divergent)
// CHECK-NOTES: :[[@LINE-1]]:23: note: NOLINT comment names 'barrier-divergent', which reports nothing here: remove 'barrier-divergent' from it (or the comment) [unused-suppression]
  // NOLINTNEXTLINE(warp-shfl-width, bugprone-branch-clone)
  o[threadIdx.x] = __shfl_sync(0xffffffff, o[threadIdx.x], 0, 16);
// CHECK-NOTES: :[[@LINE-2]]:6: note: NOLINT comment names 'warp-shfl-width', which reports nothing here{{.*}} [unused-suppression]
}

// One id of a list used, the other not: the other is reported.
__global__ void half_used(float *o, int n) {
  if (threadIdx.x < n) __syncthreads(); // NOLINT(barrier-divergent, warp-shfl-width)
// CHECK-NOTES: :[[@LINE-1]]:44: note: NOLINT comment names 'warp-shfl-width'{{.*}} [unused-suppression]
}

// A region: reported at its NOLINTBEGIN.
// NOLINTBEGIN(barrier-divergent)
// CHECK-NOTES: :[[@LINE-1]]:4: note: NOLINT comment names 'barrier-divergent'{{.*}} [unused-suppression]
__global__ void region(float *o) {
  o[threadIdx.x] = 0.f;
  __syncthreads();
}
// NOLINTEND(barrier-divergent)
