// RUN: %check_warpcheck %s barrier-divergent
// Early exits whose condition is a compound (issue 23): the threads for
// which the whole condition holds exit, the others all reach the barrier.

__global__ void and_exit(const float *x, float *out, int rows, int cols) {
  __shared__ float tile[16][17];
  int r = blockIdx.y * 16 + threadIdx.y, c = blockIdx.x * 16 + threadIdx.x;
  if (r >= rows && c >= cols) return;
  tile[threadIdx.y][threadIdx.x] = x[r * cols + c];
  __syncthreads();
  out[c * rows + r] = tile[threadIdx.x][threadIdx.y];
}

// Three operands, one of them uniform, and a negated compound.
__global__ void three_operands(const int *flags, float *out, int n, bool skipTail) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n && skipTail && flags[i] == 0) return;
  __syncthreads();
  if (!(i < n || flags[0])) return;
  __syncthreads();
  out[i] = 1.f;
}

// Nearest bugs: the same compound, but the threads it selects leave the
// loop (they keep running) or skip the barrier and fall through.
__global__ void and_break(const int *work, float *out, int n) {
  __shared__ float s[256];
  for (int it = 0; it < n; ++it) {
    if (work[threadIdx.x] <= it && threadIdx.x > 0) break;
    s[threadIdx.x] = it;
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
    out[it] = s[0];
  }
}

__global__ void and_skip(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (!(i >= n && threadIdx.x > 0)) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
    out[i] = 0.f;
  }
}
