// RUN: %check_warpcheck %s warp-mask-inactive-lane
// The call chain down to a collective in a helper (issue 23): reported at
// the kernel's call, with a note at each call below it and at the
// collective, so that the user sees which helper holds the full mask.

__device__ float lane_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}

__device__ float tile_sum(const float *tile) { return lane_sum(tile[threadIdx.x % 32]); }

__device__ float block_row(const float *rows, int r) { return tile_sum(rows + 32 * r); }

__global__ void odd_lanes(const float *rows, float *out) {
  if (threadIdx.x % 2 == 1)
    out[threadIdx.x] = block_row(rows, threadIdx.x / 32);
}
// CHECK-NOTES: :[[@LINE-2]]:24: error: 'block_row' runs a warp collective whose mask names every lane of the warp, but lanes that cannot reach this call are in it{{.*}} [warp-mask-inactive-lane]
// CHECK-NOTES: :[[@LINE-3]]:24: note: for example lane 0 of warp 0 (threadIdx.x == 0) is in the mask but does not reach the call
// CHECK-NOTES: :[[@LINE-5]]:7: note: the 'if' condition is thread-dependent because it depends on threadIdx.x
// CHECK-NOTES: :13:63: note: 'tile_sum' is called here
// CHECK-NOTES: :11:55: note: 'lane_sum' is called here
// CHECK-NOTES: :7:41: note: '__shfl_down_sync' is called here with mask 0xffffffff, which names every lane of the warp

// Fixed: every lane calls the helper; the guard moves to the store.
__global__ void odd_lanes_fixed(const float *rows, float *out) {
  float s = block_row(rows, threadIdx.x / 32);
  if (threadIdx.x % 2 == 1) out[threadIdx.x] = s;
}
