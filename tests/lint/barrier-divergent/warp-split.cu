// RUN: %check_warpcheck %s barrier-divergent
// Two groups of whole warps that each run three barriers on their side of
// a warp-uniform branch (a fill/scatter split, issue 23): bar.sync counts
// arriving warps, so this works on every GPU so far, but the guide wants
// every thread at the same __syncthreads(). A warning, once per branch.

__global__ void fill_scatter(const int *in, int *out, int n) {
  __shared__ int stage[256];
  int warp = threadIdx.x / 32;
  if (warp < 4) {
    stage[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: warning: whole warps reach barrier '__syncthreads()' on one side of a warp-uniform branch and the other warps run 3 barrier(s) on the other side{{.*}} [barrier-divergent]
    stage[threadIdx.x] += 1;
    __syncthreads();
    __syncthreads();
  } else {
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x - 128] = stage[threadIdx.x - 128];
    __syncthreads();
    __syncthreads();
  }
}

// Nearest bugs: the sides run different numbers of barriers (the warps
// really are at different barriers), and a lane-dependent split.
__global__ void unequal_split(int *out) {
  if (threadIdx.x / 32 < 4) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under warp-dependent control{{.*}} [barrier-divergent]
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under warp-dependent control{{.*}} [barrier-divergent]
  } else {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under warp-dependent control{{.*}} [barrier-divergent]
  }
}

__global__ void lane_split(int *out) {
  if (threadIdx.x % 2) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  } else {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  }
}
