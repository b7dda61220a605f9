// RUN: %check_warpcheck %s warp-shfl-width

__global__ void bcast24(const float *in, float *out) {
  float v = in[threadIdx.x];
  out[threadIdx.x] = __shfl_sync(0xffffffff, v, 0, 24);
// CHECK-MESSAGES: :[[@LINE-1]]:52: error: shuffle width 24 is not a power of two{{.*}} [warp-shfl-width]
  out[threadIdx.x] += __shfl_down_sync(0xffffffff, v, 1, 64);
// CHECK-MESSAGES: :[[@LINE-1]]:58: error: shuffle width 64 exceeds warpSize (32){{.*}} [warp-shfl-width]
  out[threadIdx.x] += __shfl_xor_sync(0xffffffff, v, 1, 0);
// CHECK-MESSAGES: :[[@LINE-1]]:57: error: shuffle width 0 is not positive{{.*}} [warp-shfl-width]
}

constexpr int kSegment = 12;
template <int W> __device__ float seg(float v) { return __shfl_up_sync(0xffffffff, v, 1, W); }
// CHECK-MESSAGES: :[[@LINE-1]]:90: error: shuffle width 12 is not a power of two{{.*}} [warp-shfl-width]
__global__ void segments(float *v) { v[threadIdx.x] = seg<kSegment>(v[threadIdx.x]) + seg<8>(v[0]); }
