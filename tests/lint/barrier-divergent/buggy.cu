// RUN: %check_warpcheck %s barrier-divergent
// Barriers reached by only part of the block.

__global__ void shift_left(const int *in, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = in[threadIdx.x];
  if (threadIdx.x > 0) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
    out[threadIdx.x] = s[threadIdx.x - 1];
  }
}

// A per-thread trip count.
__global__ void per_thread_iters(const int *iters, float *out) {
  __shared__ float s[256];
  float acc = 0.f;
  for (int i = 0; i < iters[threadIdx.x]; ++i) {
    s[threadIdx.x] = acc + i;
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' {{.*}} [barrier-divergent]
    acc += s[(threadIdx.x + 1) % 256];
  }
  out[threadIdx.x] = acc;
}

// Divergence carried through a local, a struct field and a reference.
struct Slot { int lane; int pad; };
__device__ int &pick(int &a) { return a; }
__global__ void through_locals(int *out) {
  Slot s;
  s.lane = threadIdx.x & 31;
  int copy = s.lane;
  int &r = copy;
  if (r == 0) {
    __syncthreads_or(1);
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads_or()' {{.*}} [barrier-divergent]
  }
  out[0] = copy;
}

// Warp-dependent control is divergent for a block barrier too.
__global__ void per_warp(float *out) {
  int warp = threadIdx.x / 32;
  if (warp == 0)
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under warp-dependent control{{.*}} [barrier-divergent]
}

// The result of an atomic differs per thread.
__global__ void ticket(int *counter) {
  int t = atomicAdd(counter, 1);
  if (t < 10)
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: {{.*}} [barrier-divergent]
}

// Short-circuit operators are branches.
__device__ bool sync_and_check() { __syncthreads(); return true; }
__global__ void short_circuit(int *out, int n) {
  if (threadIdx.x < 5 && sync_and_check())
// CHECK-MESSAGES: :[[@LINE-1]]:26: error: call to 'sync_and_check', which executes a block barrier,{{.*}} [barrier-divergent]
    out[0] = 1;
}
