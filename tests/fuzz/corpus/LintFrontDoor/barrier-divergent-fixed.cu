// The fixed twins of buggy.cu and callee.cu: no finding.

__global__ void shift_left(const int *in, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x > 0)
    out[threadIdx.x] = s[threadIdx.x - 1];
}

__global__ void per_thread_iters(const int *iters, float *out) {
  __shared__ float s[256];
  float acc = 0.f;
  const int my = iters[threadIdx.x];
  for (int i = 0; __syncthreads_or(i < my); ++i) {
    s[threadIdx.x] = (i < my) ? acc + i : 0.f;
    __syncthreads();
    if (i < my) acc += s[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

__device__ float block_sum(float v) {
  __shared__ float s[256];
  s[threadIdx.x] = v;
  __syncthreads();
  for (int o = 128; o > 0; o >>= 1) {
    if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o];
    __syncthreads();
  }
  return s[0];
}

__global__ void sums(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float r = block_sum(i < n ? x[i] : 0.f);   // every thread calls
  if (threadIdx.x == 0) out[blockIdx.x] = r;
}
