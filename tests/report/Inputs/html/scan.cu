// Source for the HTML report tests (tests/report/HtmlFormatTest.cpp), whose
// findings point at these lines: keep the line numbers when editing.
// A barrier reached through a call under a thread-dependent branch.
__device__ void publish(float *s, float v) {
  s[threadIdx.x] = v;
  __syncthreads();
}

__global__ void scan(const float *in, float *out, int n) {
  __shared__ float s[256];
  float v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x < n) {
    publish(s, v);
  }
  float left = __shfl_down(v, 1);
  out[threadIdx.x] = s[threadIdx.x] + left;
}
