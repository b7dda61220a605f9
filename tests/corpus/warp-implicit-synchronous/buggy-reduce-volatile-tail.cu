// Sum reduction in the style of the CUDA samples' reduce5/reduce6: each
// block loads two elements per thread, halves the live range with
// __syncthreads() down to 64 values, and finishes with the pre-Volta
// "warp-synchronous" tail on a volatile pointer. On sm_70 and later lane 0
// can read sdata[16] before lane 16 has written its partial sum there.

template <unsigned int blockSize>
__device__ void warpReduce(volatile float *sdata, unsigned int tid) {
  if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
  if (blockSize >= 32) sdata[tid] += sdata[tid + 16];  // expect: warp-implicit-synchronous
  if (blockSize >= 16) sdata[tid] += sdata[tid + 8];   // expect: warp-implicit-synchronous
  if (blockSize >= 8) sdata[tid] += sdata[tid + 4];    // expect: warp-implicit-synchronous
  if (blockSize >= 4) sdata[tid] += sdata[tid + 2];    // expect: warp-implicit-synchronous
  if (blockSize >= 2) sdata[tid] += sdata[tid + 1];    // expect: warp-implicit-synchronous
}

template <unsigned int blockSize>
__global__ void reduceSum(const float *__restrict__ g_idata, float *__restrict__ g_odata, unsigned int n) {
  __shared__ float sdata[blockSize];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  unsigned int gridSize = blockSize * 2 * gridDim.x;

  float sum = 0.f;
  while (i < n) {
    sum += g_idata[i];
    if (i + blockSize < n) sum += g_idata[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = sum;
  __syncthreads();

  if (blockSize >= 512) {
    if (tid < 256) sdata[tid] += sdata[tid + 256];
    __syncthreads();
  }
  if (blockSize >= 256) {
    if (tid < 128) sdata[tid] += sdata[tid + 128];
    __syncthreads();
  }
  if (blockSize >= 128) {
    if (tid < 64) sdata[tid] += sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

void launchReduce(const float *in, float *out, unsigned n, int blocks, int threads, cudaStream_t stream) {
  switch (threads) {
  case 512: reduceSum<512><<<blocks, 512, 0, stream>>>(in, out, n); break;
  case 256: reduceSum<256><<<blocks, 256, 0, stream>>>(in, out, n); break;
  case 128: reduceSum<128><<<blocks, 128, 0, stream>>>(in, out, n); break;
  default: reduceSum<64><<<blocks, 64, 0, stream>>>(in, out, n); break;
  }
}
