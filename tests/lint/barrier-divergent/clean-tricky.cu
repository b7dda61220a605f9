// RUN: %check_warpcheck %s barrier-divergent
// Cases a naive analysis flags: none is a bug.

// Early exit, then a barrier: exited threads are not waited for.
__global__ void early_exit(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __syncthreads();
  out[i] = x[i];
}

// ... also with work on the exiting side.
__global__ void early_exit_work(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) {
    out[0] = 1.f;
    return;
  }
  __syncthreads();
}

// A loop with a uniform trip count; the loop variable is uniform.
__global__ void uniform_loop(float *out, int n) {
  __shared__ float s[256];
  for (int k = 0; k < n; ++k) {
    s[threadIdx.x] = k;
    __syncthreads();
    out[k] = s[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
}

// A shared scalar written by thread 0 and read after a barrier.
__global__ void shared_flag(float *out) {
  __shared__ int flag;
  if (threadIdx.x == 0) flag = out[blockIdx.x] > 0;
  __syncthreads();
  if (flag) {
    __syncthreads();
  }
}

// Block-uniform conditions: blockIdx, blockDim, parameters, loads at
// uniform addresses, __syncthreads_or results.
__global__ void uniform_conditions(const int *params, float *out, int n) {
  if (blockIdx.x < n) __syncthreads();
  if (blockDim.x > 128) __syncthreads();
  if (params[blockIdx.x] > 0) __syncthreads();
  if (__syncthreads_or(threadIdx.x == 3)) __syncthreads();
  int tiles = (n + blockDim.x - 1) / blockDim.x;
  for (int t = 0; t < tiles; ++t) __syncthreads();
}

// A variable assigned under a divergent branch and used only inside it
// does not make later uniform code divergent.
__global__ void scoped_divergence(float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int k = 0;
  if (i < n) {
    k = i;
    out[k] = 0.f;
  }
  int m = 4;
  for (int j = 0; j < m; ++j) __syncthreads();
}

// Threads that exit through a trap never wait.
__global__ void trap_exit(float *out) {
  if (out[threadIdx.x] < 0) __trap();
  __syncthreads();
}

// A device function whose barrier depends on a parameter, called with
// uniform arguments.
__device__ void maybe_sync(int k) {
  if (k) __syncthreads();
}
__global__ void uniform_args(int n) {
  maybe_sync(n);
  maybe_sync(blockIdx.x % 2);
}
