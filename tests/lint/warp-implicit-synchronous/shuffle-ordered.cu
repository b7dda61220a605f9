// RUN: %check_warpcheck %s warp-implicit-synchronous
// A read of another lane's slot, then full-mask shuffles, then the write of
// the own slot (issue 23): no lane leaves a full-mask shuffle before every
// lane has arrived, so every read is done before any write. A shuffle
// between a write and a read orders no memory: still a finding.

__global__ void read_shuffle_write(float *out) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  __syncwarp();
  float v = s[(lane + 1) % 32];
  v += __shfl_xor_sync(0xffffffff, v, 16);
  v += __shfl_xor_sync(0xffffffff, v, 8);
  s[lane] = v;
  out[lane] = v;
}

// The usual shape: the shuffles in a counted loop, which runs at least once.
__global__ void read_reduce_write(float *out) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  __syncwarp();
  float v = s[lane ^ 1];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  s[lane] = v;
  out[lane] = v;
}

// The shuffles inside device helpers (session 27): a reduction helper with
// the counted loop, a broadcast helper that returns the shuffle, and a
// helper that calls one of them.
__device__ __forceinline__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
__device__ float broadcast_lane0(float v) { return __shfl_sync(0xffffffff, v, 0); }
__device__ float warp_mean(float v) {
  const float total = warp_sum(v);
  return total / 32.f;
}

__global__ void read_helper_write(float *out) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  __syncwarp();
  float v = s[(lane + 1) % 32];
  v = warp_sum(v);
  s[lane] = v;
  __syncwarp();
  v = s[lane ^ 3];
  v = broadcast_lane0(v);
  s[lane] = v;
  __syncwarp();
  v = s[lane ^ 5];
  v = warp_mean(v);
  s[lane] = v;
  out[lane] = v;
}

// Helpers that may return before their shuffle, or shuffle half the warp,
// order nothing.
__device__ float sum_if_wide(float v, int width) {
  if (width < 32) return v;
  return warp_sum(v);
}
__device__ float half_sum(float v) { return v + __shfl_xor_sync(0x0000ffff, v, 8); }

__global__ void read_early_return_helper_write(float *out, int width) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  __syncwarp();
  float v = s[(lane + 1) % 32];
  v = sum_if_wide(v, width);
  s[lane] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between{{.*}} [warp-implicit-synchronous]
  out[lane] = v;
}

__global__ void read_half_helper_write(float *out) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  __syncwarp();
  float v = s[(lane + 1) % 32];
  if (lane < 16) v = half_sum(v);
  s[lane] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between{{.*}} [warp-implicit-synchronous]
  out[lane] = v;
}

// Nearest bugs: no shuffle between the read and the write; a shuffle
// between a write and a read; a shuffle whose mask is half the warp.
__global__ void read_write(float *out) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  __syncwarp();
  float v = s[(lane + 1) % 32];
  s[lane] = v * 2.f;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between{{.*}} [warp-implicit-synchronous]
  out[lane] = v;
}

__global__ void write_shuffle_read(float *out) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  float v = __shfl_xor_sync(0xffffffff, out[lane], 1);
  v += s[(lane + 1) % 32];
// CHECK-MESSAGES: :[[@LINE-1]]:8: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between{{.*}} [warp-implicit-synchronous]
  out[lane] = v;
}

__global__ void maybe_no_iteration(float *out, int width) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  __syncwarp();
  float v = s[lane ^ 1];
  for (int o = width / 2; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
  s[lane] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between{{.*}} [warp-implicit-synchronous]
  out[lane] = v;
}

__global__ void half_mask(float *out) {
  __shared__ float rows[32][32];
  const int lane = threadIdx.x % 32;
  float *s = rows[threadIdx.x / 32];
  s[lane] = out[lane];
  __syncwarp();
  float v = s[(lane + 1) % 32];
  if (lane < 16) v += __shfl_xor_sync(0x0000ffff, v, 8);
  s[lane] = v;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between{{.*}} [warp-implicit-synchronous]
  out[lane] = v;
}
