// RUN: %check_warpcheck %s warp-implicit-synchronous
// The notes: the other access, the call chain, and the fix or why there is none.

__device__ void warpSum(volatile float *s, int lane) {
  s[lane] += s[lane + 32];
  s[lane] += s[lane + 16];
}
// CHECK-NOTES: :[[@LINE-2]]:14: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[16] here while lane 16 writes it in the same statement; the lanes of a warp are not in lockstep (independent thread scheduling, sm_70 and later), so the read may see the value from before or after the write; 'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
// CHECK-NOTES: :[[@LINE-3]]:3: note: lane 16 writes s[16] here
// CHECK-NOTES: :[[@LINE+7]]:25: note: in this call of 'warpSum'
// CHECK-NOTES: :[[@LINE-5]]:3: note: fix: read into a register, __syncwarp(), then write and __syncwarp() again, as the programming guide does, or exchange the values in registers with __shfl_down_sync()/__shfl_xor_sync()

__global__ void sum32(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) warpSum(s, threadIdx.x);
  if (threadIdx.x == 0) *out = s[0];
}

// Lane 0 publishes, the others read at once.
__global__ void publish(const int *in, int *out) {
  __shared__ int flag[32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) flag[warp] = in[warp];
  out[threadIdx.x] = flag[warp];
}
// CHECK-NOTES: :[[@LINE-2]]:22: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 1 reads flag[0] here while lane 0 writes it at line [[@LINE-3]]; the lanes of a warp are not in lockstep (independent thread scheduling, sm_70 and later), so the read may see the value from before or after the write [warp-implicit-synchronous]
// CHECK-NOTES: :[[@LINE-4]]:18: note: lane 0 writes flag[0] here
// CHECK-NOTES: :[[@LINE-4]]:3: note: fix: __syncwarp() here, where every lane of both accesses passes, or exchange the values in registers with __shfl_down_sync()/__shfl_xor_sync()

// The next iteration writes what this one reads: a __syncwarp() before the
// write orders them.
__global__ void ring(const int *in, int *out, int rounds) {
  __shared__ int s[32];
  int lane = threadIdx.x;
  if (lane >= 32) return;
  int v = in[lane];
  for (int r = 0; r < rounds; ++r) {
    s[lane] = v;
    __syncwarp();
    v += s[(lane + 1) % 32];
  }
  out[lane] = v;
}
// CHECK-NOTES: :[[@LINE-6]]:5: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 1 writes s[1] here while lane 0 reads it at line [[@LINE-4]] in an earlier iteration; the lanes of a warp are not in lockstep (independent thread scheduling, sm_70 and later), so the write may land before the other lane has read the old value [warp-implicit-synchronous]
// CHECK-NOTES: :[[@LINE-5]]:10: note: lane 0 reads s[1] here
// CHECK-NOTES: :[[@LINE-8]]:5: note: fix: __syncwarp() here, where every lane of both accesses passes, or exchange the values in registers with __shfl_down_sync()/__shfl_xor_sync()

// No __syncwarp() at all in the loop: one is needed on each side, no fix-it.
__global__ void ringUnsynced(const int *in, int *out, int rounds) {
  __shared__ int s[32];
  int lane = threadIdx.x;
  if (lane >= 32) return;
  int v = in[lane];
  for (int r = 0; r < rounds; ++r) {
    s[lane] = v;
    v += s[(lane + 1) % 32];
  }
  out[lane] = v;
}
// CHECK-NOTES: :[[@LINE-4]]:10: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[1] here while lane 1 writes it at line [[@LINE-5]]; the lanes of a warp are not in lockstep (independent thread scheduling, sm_70 and later), so the read may see the value from before or after the write [warp-implicit-synchronous]
// CHECK-NOTES: :[[@LINE-6]]:5: note: lane 1 writes s[1] here
// CHECK-NOTES: :[[@LINE-6]]:5: note: no fix-it: the two accesses meet across iterations of a loop; put __syncwarp(mask) between the two accesses, reached by every lane in mask, or exchange the values in registers with __shfl_down_sync()/__shfl_xor_sync()
