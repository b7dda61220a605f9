// RUN: %check_warpcheck %s warp-mask-missing-lane
// A helper whose collective has a constant partial mask is right or wrong
// depending on who calls it: its own code is checked for the lanes that
// reach one of its calls in the TU (session 27: every lane was assumed to
// enter it, so a helper only ever called by the half-warp it names was an
// error).

__device__ float half_sum(float v) { return v + __shfl_xor_sync(0x0000ffff, v, 8); }

__global__ void low_half_only(float *out) {
  const int lane = threadIdx.x % 32;
  float v = out[threadIdx.x];
  if (lane < 16) v = half_sum(v);
  out[threadIdx.x] = v;
}

// Called through another helper, itself called by the low half only: the
// outer helper's own guard is what the analysis sees.
__device__ float low_lanes_sum(float v) {
  if (threadIdx.x % 32 < 16) return half_sum(v);
  return v;
}

__global__ void through_two_helpers(float *out) { out[threadIdx.x] = low_lanes_sum(out[threadIdx.x]); }

// Nearest bugs: a caller that lets every lane in, and a helper with the same
// mask called under the wrong guard.
__device__ float half_max(float v) { return fmaxf(v, __shfl_xor_sync(0x0000ffff, v, 4)); }
// CHECK-MESSAGES: :[[@LINE-1]]:54: error: lanes that reach '__shfl_xor_sync' are missing from its mask 0xffff{{.*}} [warp-mask-missing-lane]

__global__ void whole_warp(float *out) { out[threadIdx.x] = half_max(out[threadIdx.x]); }

__device__ float half_min(float v) { return fminf(v, __shfl_xor_sync(0x0000ffff, v, 2)); }
// CHECK-MESSAGES: :[[@LINE-1]]:54: error: lanes that reach '__shfl_xor_sync' are missing from its mask 0xffff{{.*}} [warp-mask-missing-lane]

__global__ void high_half(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x % 32 >= 16) v = half_min(v);
  out[threadIdx.x] = v;
}

// The guard two calls up: the lanes that enter a helper are those that
// enter its caller and reach the call there, up to the kernel (session 28:
// only the nearest caller's own guards counted, so this was an error).
__device__ float half_or(float v) { return v + __shfl_xor_sync(0x0000ffff, v, 1); }
__device__ float scaled_half_or(float v) { return half_or(v * 2.f); }

__global__ void guard_two_calls_up(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x % 32 < 16) v = scaled_half_or(v);
  out[threadIdx.x] = v;
}

// Nearest bug: the same chain, with the guard letting the wrong half in.
__device__ float half_and(float v) { return v * __shfl_xor_sync(0x0000ffff, v, 1); }
// CHECK-MESSAGES: :[[@LINE-1]]:49: error: lanes that reach '__shfl_xor_sync' are missing from its mask 0xffff{{.*}} [warp-mask-missing-lane]
__device__ float scaled_half_and(float v) { return half_and(v * 2.f); }

__global__ void wrong_guard_two_calls_up(float *out) {
  float v = out[threadIdx.x];
  if (threadIdx.x % 32 >= 8) v = scaled_half_and(v);
  out[threadIdx.x] = v;
}
