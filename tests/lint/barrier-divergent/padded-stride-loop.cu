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

// Nearest bugs: the bound is not padded, the comparison is <=, or the
// step is not the block size.
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
