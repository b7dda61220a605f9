// barrier-divergent: only the threads with tid < n reach the barrier.
__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float s[256];
  unsigned tid = threadIdx.x;
  if (tid < n) {
    s[tid] = in[tid];
    __syncthreads();
  }
  if (tid == 0) *out = s[0];
}
