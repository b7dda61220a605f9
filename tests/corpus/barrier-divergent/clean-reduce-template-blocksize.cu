// Block reduction in the style of the CUDA samples' reduce6, with the tail
// kept inside the barrier-synchronised tree (no warp-synchronous code).
// Barriers sit inside `if (blockSize >= ...)`, which is a template
// parameter and the same for the whole block, and inside a loop whose
// bounds are constants; the thread-dependent conditions (`tid < s`) guard
// only the additions, never a barrier.

template <unsigned blockSize>
__global__ void reduceMax(const float *__restrict__ in, float *__restrict__ out, unsigned n) {
  __shared__ float sdata[blockSize];
  const unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (blockSize * 2) + tid;
  const unsigned gridSize = blockSize * 2 * gridDim.x;

  float m = -INFINITY;
  while (i < n) {
    m = fmaxf(m, in[i]);
    if (i + blockSize < n) m = fmaxf(m, in[i + blockSize]);
    i += gridSize;
  }
  sdata[tid] = m;
  __syncthreads();

  if (blockSize >= 512) {
    if (tid < 256) sdata[tid] = fmaxf(sdata[tid], sdata[tid + 256]);
    __syncthreads();
  }
  if (blockSize >= 256) {
    if (tid < 128) sdata[tid] = fmaxf(sdata[tid], sdata[tid + 128]);
    __syncthreads();
  }
#pragma unroll
  for (unsigned s = (blockSize >= 128 ? 64 : blockSize / 2); s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = fmaxf(sdata[tid], sdata[tid + s]);
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

void launchReduceMax(const float *in, float *out, unsigned n, int blocks, int threads, cudaStream_t s) {
  switch (threads) {
  case 512: reduceMax<512><<<blocks, 512, 0, s>>>(in, out, n); break;
  case 256: reduceMax<256><<<blocks, 256, 0, s>>>(in, out, n); break;
  default: reduceMax<128><<<blocks, 128, 0, s>>>(in, out, n); break;
  }
}
