// The fixed twin of buggy-stcs-streaming-tail.cu: the same streaming
// shift-and-scale with nvcc's cache-hint loads and stores (__ldcs, __stcs,
// __stwt; lint supplies the stores, which clang's CUDA wrappers lack), but
// only the load and the store are guarded: every thread of the partial
// last block reaches the barrier.

__global__ void shiftScaleStream(const float4 *__restrict__ in, float4 *__restrict__ out, int n, float alpha) {
  __shared__ float4 tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? __ldcs(in + i) : make_float4(0.f, 0.f, 0.f, 0.f);
  __syncthreads();
  if (i < n) {
    float4 v = tile[(threadIdx.x + 1) % blockDim.x];
    v.x *= alpha; v.y *= alpha; v.z *= alpha; v.w *= alpha;
    __stcs(out + i, v);
  }
}

// Per-block maxima written through to memory (__stwt) for a host poller.
__global__ void blockMax(const float *__restrict__ in, float *__restrict__ maxima, int n) {
  __shared__ float s[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? in[i] : -INFINITY;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) s[threadIdx.x] = fmaxf(s[threadIdx.x], s[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) __stwt(maxima + blockIdx.x, s[0]);
}
