// Input of implicit-synchronous.test (copied, then fixed in place).
__global__ void reduce64(const float *in, float *out) {
  __shared__ volatile float s[64];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

// Lane 0 publishes a value the other lanes of its warp read.
__global__ void broadcast(const int *in, int *out) {
  __shared__ int v[32];
  int lane = threadIdx.x & 31;
  if (lane == 0) v[threadIdx.x >> 5] = in[blockIdx.x];
  out[threadIdx.x] = v[threadIdx.x >> 5];
}
