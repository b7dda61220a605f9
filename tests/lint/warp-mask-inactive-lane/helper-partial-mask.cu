// RUN: %check_warpcheck %s warp-mask-inactive-lane
// A helper whose collective names part of the warp: the lanes named must be
// lanes that enter the helper, through every chain of calls to it (session
// 28: the helper's own code was checked as if every lane entered it, so a
// half-warp mask in a helper only the other half calls was never reported).

__device__ float low_half_sum(float v) { return v + __shfl_xor_sync(0x0000ffff, v, 8); }
// CHECK-MESSAGES: :[[@LINE-1]]:53: error: mask 0xffff of '__shfl_xor_sync' names lanes that cannot reach this call{{.*}} [warp-mask-inactive-lane]

__global__ void high_half_calls(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x % 32 >= 16) v = low_half_sum(v);
  out[threadIdx.x] = v;
}

// Two calls down, and a data-dependent guard: the named lanes may not come.
__device__ float quarter_max(float v) { return fmaxf(v, __shfl_xor_sync(0x000000ff, v, 4)); }
// CHECK-MESSAGES: :[[@LINE-1]]:57: warning: mask 0xff of '__shfl_xor_sync' names lanes that may not reach this call{{.*}} [warp-mask-inactive-lane]
__device__ float scaled_quarter_max(float v) { return quarter_max(2.f * v); }

__global__ void quarter_if_positive(const float *in, float *out) {
  float v = in[threadIdx.x];
  if (threadIdx.x % 32 < 8 && v > 0.f) v = scaled_quarter_max(v);
  out[threadIdx.x] = v;
}

// Fixed: each helper called by exactly the lanes it names, one or two
// calls up. No finding.
__device__ float low_half_min(float v) { return fminf(v, __shfl_xor_sync(0x0000ffff, v, 8)); }
__device__ float high_half_min(float v) { return fminf(v, __shfl_xor_sync(0xffff0000, v, 8)); }
__device__ float half_min(float v) { return threadIdx.x % 32 < 16 ? low_half_min(v) : high_half_min(v); }

__global__ void both_halves(float *out) { out[threadIdx.x] = half_min(out[threadIdx.x]); }

// Tricky clean: a whole-warp mask in a helper is reported at the call that
// lets lanes out (helper-call.cu), not again inside the helper.
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}

__global__ void all_lanes(float *out) { out[threadIdx.x] = warp_sum(out[threadIdx.x]); }
