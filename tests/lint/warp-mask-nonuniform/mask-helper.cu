// RUN: %check_warpcheck %s warp-mask-nonuniform,warp-mask-missing-lane
// Masks built by small helpers (one `return` of the lane's mask) are
// evaluated per lane through the call, as the same expression written in
// place would be.

#define QUAD 4

__device__ __forceinline__ unsigned quadMaskWrong(unsigned lane) { return 0xfu << (lane % QUAD); }
__device__ __forceinline__ unsigned quadMask(unsigned lane) { return 0xfu << (lane & ~(QUAD - 1u)); }
template <int W> __device__ __forceinline__ unsigned groupMask(int lane) { return ((1u << W) - 1u) << (lane & (W - 1)); }
template <int W> __device__ __forceinline__ unsigned groupMaskFixed(int lane) { return ((1u << W) - 1u) << (lane & ~(W - 1)); }
__device__ __forceinline__ unsigned laneOf(unsigned tid) { return tid & 31; }
__device__ __forceinline__ unsigned lowLanes(const int &n) { return (1u << n) - 1u; }

// Buggy: shifted by the lane's place in its quad, not the quad's first lane.
__global__ void quad_wrong(float *v) {
  unsigned lane = threadIdx.x & 31;
  v[threadIdx.x] += __shfl_xor_sync(quadMaskWrong(lane), v[threadIdx.x], 1, QUAD);
// CHECK-NOTES: :[[@LINE-1]]:21: error: lanes that reach '__shfl_xor_sync' are missing from its mask 0xf{{.*}} [warp-mask-missing-lane]
// CHECK-NOTES: :[[@LINE-2]]:37: note: for example lane 4 of warp 0 (threadIdx.x == 4) calls it but is not in the mask
// CHECK-NOTES: :[[@LINE-3]]:21: error: lanes calling '__shfl_xor_sync' pass different masks that overlap (0xf and 0x1e){{.*}} [warp-mask-nonuniform]
// CHECK-NOTES: :[[@LINE-4]]:37: note: lane 0 of warp 0 (threadIdx.x == 0) passes 0xf, lane 1 of warp 0 (threadIdx.x == 1) passes 0x1e
}

// Buggy, through a template helper and a local: the group's mask shifted by
// the lane's position inside the group.
template <int W> __global__ void group_wrong(int *s) {
  int lane = laneOf(threadIdx.x);
  unsigned mask = groupMask<W>(lane);
  __syncwarp(mask);
// CHECK-NOTES: :[[@LINE-1]]:3: error: lanes that reach '__syncwarp' are missing from its mask 0xff{{.*}} [warp-mask-missing-lane]
// CHECK-NOTES: :[[@LINE-2]]:14: note: for example lane 8 of warp 0 (threadIdx.x == 8) calls it but is not in the mask
// CHECK-NOTES: :[[@LINE-3]]:3: error: lanes calling '__syncwarp' pass different masks that overlap (0xff and 0x1fe){{.*}} [warp-mask-nonuniform]
// CHECK-NOTES: :[[@LINE-4]]:14: note: lane 0 of warp 0 (threadIdx.x == 0) passes 0xff, lane 1 of warp 0 (threadIdx.x == 1) passes 0x1fe
  s[threadIdx.x] += 1;
}
template __global__ void group_wrong<8>(int *);

// Fixed twins: the quad's and the group's own lanes.
__global__ void quad_fixed(float *v) {
  unsigned lane = threadIdx.x & 31;
  v[threadIdx.x] += __shfl_xor_sync(quadMask(lane), v[threadIdx.x], 1, QUAD);
}
template <int W> __global__ void group_fixed(int *s) {
  __syncwarp(groupMaskFixed<W>(laneOf(threadIdx.x)));
  s[threadIdx.x] += 1;
}
template __global__ void group_fixed<8>(int *);

// Tricky clean: a helper of a kernel argument (no lane in it) is one mask
// for every lane; reached by the lanes it names.
__global__ void low_lanes(float *v, int n) {
  if ((threadIdx.x & 31) < n) v[threadIdx.x] = __shfl_down_sync(lowLanes(n), v[threadIdx.x], 1);
}
