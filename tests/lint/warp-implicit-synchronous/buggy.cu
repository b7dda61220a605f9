// RUN: %check_warpcheck %s warp-implicit-synchronous
// RUN: %warpcheck lint --enable=warp-implicit-synchronous --exit-zero --format json %s | %FileCheck --check-prefix=FIX %s
// Lanes of one warp exchanging data through shared memory with nothing that
// orders one lane's write before another lane's read.

// The classic unrolled warp reduction in a volatile helper (Harris's
// reduce6), reached by the first warp through its call site. The first step
// reads sdata[32..63], written before the barrier: no race there.
template <unsigned blockSize>
__device__ void warpReduce(volatile int *sdata, unsigned tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
// CHECK-MESSAGES: :[[@LINE-1]]:38: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads sdata[16] here while lane 16 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];
// CHECK-MESSAGES: :[[@LINE-1]]:38: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads sdata[8] here while lane 8 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads sdata[4] here while lane 4 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads sdata[2] here while lane 2 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];
// CHECK-MESSAGES: :[[@LINE-1]]:37: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads sdata[1] here while lane 1 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
}

template <unsigned blockSize>
__global__ void reduce6(const int *g_idata, int *g_odata, unsigned n) {
  __shared__ int sdata[blockSize];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockSize * 2) + tid;
  unsigned gridSize = blockSize * 2 * gridDim.x;
  sdata[tid] = 0;
  while (i < n) {
    sdata[tid] += g_idata[i] + g_idata[i + blockSize];
    i += gridSize;
  }
  __syncthreads();
  if (blockSize >= 512) { if (tid < 256) sdata[tid] += sdata[tid + 256]; __syncthreads(); }
  if (blockSize >= 256) { if (tid < 128) sdata[tid] += sdata[tid + 128]; __syncthreads(); }
  if (blockSize >= 128) { if (tid < 64) sdata[tid] += sdata[tid + 64]; __syncthreads(); }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

template __global__ void reduce6<256>(const int *, int *, unsigned);

// The catalogue's inline form: a volatile shared array, the first warp.
__global__ void reduce64(const float *in, float *out) {
  __shared__ volatile float s[64];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[16] here while lane 16 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
    s[t] += s[t + 8];
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[8] here while lane 8 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
    s[t] += s[t + 4];
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[4] here while lane 4 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
    s[t] += s[t + 2];
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[2] here while lane 2 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
    s[t] += s[t + 1];
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[1] here while lane 1 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// The legacy warp scan run by every warp of the block on its own slice. The
// last step only reads what the fix of the step before already orders.
__device__ int scanWarp(volatile int *s, int idx) {
  const int lane = idx & 31;
  if (lane >= 1) s[idx] = s[idx - 1] + s[idx];
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 2 reads s[1] here while lane 1 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  if (lane >= 2) s[idx] = s[idx - 2] + s[idx];
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 4 reads s[2] here while lane 2 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  if (lane >= 4) s[idx] = s[idx - 4] + s[idx];
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 8 reads s[4] here while lane 4 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  if (lane >= 8) s[idx] = s[idx - 8] + s[idx];
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 16 reads s[8] here while lane 8 writes it in the same statement{{.*}}'volatile' does not order accesses of different lanes, it only keeps each access in memory [warp-implicit-synchronous]
  if (lane >= 16) s[idx] = s[idx - 16] + s[idx];
  return s[idx];
}

__global__ void scan(int *data) {
  __shared__ int s[256];
  int idx = threadIdx.x;
  s[idx] = data[blockIdx.x * 256 + idx];
  __syncthreads();
  data[blockIdx.x * 256 + idx] = scanWarp(s, idx);
}

// A butterfly over the offsets of a loop, without volatile.
__global__ void butterfly(const int *in, int *out) {
  __shared__ int s[32];
  unsigned lane = threadIdx.x;
  if (lane < 32) {
    s[lane] = in[lane];
    __syncwarp();
    for (int m = 16; m > 0; m >>= 1)
      s[lane] += s[lane ^ m];
// CHECK-MESSAGES: :[[@LINE-1]]:18: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[16] here while lane 16 writes it in the same statement{{.*}} [warp-implicit-synchronous]
  }
  if (threadIdx.x == 0) *out = s[0];
}

// Broadcast from each warp's lane 0 through its own slot.
__global__ void broadcast(const float *in, float *out) {
  __shared__ float leader[32];
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  float x = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (lane == 0) leader[warp] = x * 2.f;
  out[blockIdx.x * blockDim.x + threadIdx.x] = x - leader[warp];
// CHECK-MESSAGES: :[[@LINE-1]]:52: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 1 reads leader[0] here while lane 0 writes it at line {{[0-9]+}}{{.*}} [warp-implicit-synchronous]
}

// A vote is no rendezvous for memory.
__global__ void reverseWarp(const int *in, int *out) {
  __shared__ int s[32];
  int lane = threadIdx.x;
  if (lane >= 32) return;
  s[lane] = in[lane];
  if (__all_sync(0xffffffff, 1))
    out[lane] = s[31 - lane];
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[31] here while lane 31 writes it at line {{[0-9]+}}{{.*}} [warp-implicit-synchronous]
}

// Read a neighbour's slot, then overwrite one's own: the neighbour may not
// have read it yet.
__global__ void shiftInPlace(float *data) {
  __shared__ float s[8][32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  s[warp][lane] = data[threadIdx.x];
  __syncthreads();
  float right = s[warp][(lane + 1) % 32];
  s[warp][lane] = right * 0.5f;
// CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 writes s[0][0] here while lane 31 reads it at line {{[0-9]+}}{{.*}} [warp-implicit-synchronous]
  data[threadIdx.x] = s[warp][lane];
}

// The second __syncwarp of each step is missing: the next iteration reads
// what this one writes. And the result is read without one.
__device__ float treeSum(float *s, int lane) {
  for (int o = 16; o > 0; o >>= 1) {
    float v = s[lane + o];
// CHECK-MESSAGES: :[[@LINE-1]]:15: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[16] here while lane 16 writes it at line {{[0-9]+}}{{.*}} [warp-implicit-synchronous]
    __syncwarp();
    s[lane] += v;
  }
  return s[0];
// CHECK-MESSAGES: :[[@LINE-1]]:10: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 1 reads s[0] here while lane 0 writes it at line {{[0-9]+}}{{.*}} [warp-implicit-synchronous]
}

__global__ void sums(const float *in, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x < 32) out[blockIdx.x] = treeSum(s, threadIdx.x);
}

// Which lanes take part depends on n: no mask for a fix-it.
__global__ void bounded(const float *in, float *out, int n) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = t < n ? in[t] : 0.f;
  __syncthreads();
  if (t < 32 && t < n) {
    s[t] += s[t + 16];
// CHECK-MESSAGES: :[[@LINE-1]]:13: warning: shared memory exchanged between lanes of a warp with no __syncwarp() in between: lane 0 reads s[16] here while lane 16 writes it in the same statement{{.*}} [warp-implicit-synchronous]
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// FIX: "replacement": "__syncwarp();\n  "
// FIX: "replacement": "{ auto v = sdata[tid + 16]; __syncwarp(); sdata[tid] += v; __syncwarp(); }"
// FIX: "replacement": "{ auto v = sdata[tid + 8]; __syncwarp(); sdata[tid] += v; __syncwarp(); }"
// FIX: "replacement": "{ __syncwarp(); auto v = s[t + 16]; __syncwarp(); s[t] += v; __syncwarp(); }"
// FIX: "replacement": "{ auto v = s[t + 8]; __syncwarp(); s[t] += v; __syncwarp(); }"
// FIX: "replacement": "{ auto v = s[idx - 1] + s[idx]; __syncwarp(0xfffffffe); s[idx] = v; __syncwarp(0xfffffffe); }"
// FIX: "replacement": "{ auto v = s[idx - 2] + s[idx]; __syncwarp(0xfffffffc); s[idx] = v; __syncwarp(0xfffffffc); }"
// FIX: "replacement": "{ auto v = s[lane ^ m]; __syncwarp(); s[lane] += v; __syncwarp(); }"
// FIX: "replacement": "__syncwarp();\n  "
// FIX: "replacement": "__syncwarp();\n    "
// FIX: "replacement": "__syncwarp();\n  "
// FIX: "message": "no fix-it: which lanes reach this statement depends on run-time data
