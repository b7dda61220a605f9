// RUN: %check_warpcheck %s barrier-divergent
// A block-stride loop whose bound is padded to a multiple of blockDim.x
// runs the same number of iterations in every thread (issue 23).

__global__ void padded(const float *x, float *out, int len) {
  __shared__ float s[1024];
  const int padded = (len + blockDim.x - 1) / blockDim.x * blockDim.x;
  float acc = 0.f;
  for (int i = threadIdx.x; i < padded; i += blockDim.x) {
    s[threadIdx.x] = i < len ? x[i] : 0.f;
    __syncthreads();
    acc += s[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

// The bound written as tiles * blockDim.x, compared the other way round.
__global__ void tiles_times_block(float *out, int tiles) {
  for (unsigned i = threadIdx.x; tiles * blockDim.x > i; i += blockDim.x) __syncthreads();
}

// The block size spelled through a cast, a local and helpers that return
// one expression (session 27: each was reported before).
__device__ __forceinline__ int ceil_div(int x, int m) { return (x + m - 1) / m; }
__device__ __forceinline__ int round_up(int x, int m) { return (x + m - 1) / m * m; }
template <typename T> __device__ T round_up_t(T x, T m) { return ceil_div(x, m) * m; }

__global__ void cast_block_dim(int len) {
  const int tiles = (len + blockDim.x - 1) / blockDim.x;
  for (int i = threadIdx.x; i < tiles * (int)blockDim.x; i += blockDim.x) __syncthreads();
}

__global__ void block_size_local(int len) {
  const int bs = blockDim.x;
  const int padded = (len + bs - 1) / bs * bs;
  for (int i = threadIdx.x; i < padded; i += bs) __syncthreads();
}

__global__ void round_up_helper(int len) {
  for (int i = threadIdx.x; i < round_up(len, blockDim.x); i += blockDim.x) __syncthreads();
}

__global__ void nested_template_helpers(int len) {
  const int padded = round_up_t<int>(len, (int)blockDim.x);
  for (int i = (int)threadIdx.x; i < padded; i += (int)blockDim.x) __syncthreads();
}

// Nearest bugs: the bound is not padded (or padded to another multiple,
// through the helper), the comparison is <=, or the step is not the block
// size.
__global__ void round_up_to_warp(int len) {
  for (int i = threadIdx.x; i < round_up(len, 32); i += blockDim.x) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  }
}

__global__ void round_up_to_argument(int len, int m) {
  for (int i = threadIdx.x; i < round_up(len, m); i += blockDim.x) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  }
}

__global__ void block_size_local_unpadded(int len) {
  const int bs = blockDim.x;
  for (int i = threadIdx.x; i < len; i += bs) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  }
}

__global__ void unpadded(float *out, int len) {
  for (int i = threadIdx.x; i < len; i += blockDim.x) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  }
}

__global__ void inclusive_bound(float *out, int len) {
  const int padded = (len + blockDim.x - 1) / blockDim.x * blockDim.x;
  for (int i = threadIdx.x; i <= padded; i += blockDim.x) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  }
}

__global__ void other_step(float *out, int len) {
  const int padded = (len + blockDim.x - 1) / blockDim.x * blockDim.x;
  for (int i = threadIdx.x; i < padded; i += 128) {
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' is reached under thread-dependent control{{.*}} [barrier-divergent]
  }
}
