// Row softmax with the row staged by cp.async through the pipeline
// primitives. The staging helper issues the copies, the caller waits for
// "everything" -- but nothing was committed, so the wait covers nothing.
#include <cuda_pipeline.h>

constexpr int kCols = 1024;

__device__ void stage_row(float4* dst, const float4* src, int t, int threads) {
  for (int i = t; i < kCols / 4; i += threads) __pipeline_memcpy_async(&dst[i], &src[i], sizeof(float4));
}

__global__ void softmax_rows(const float* __restrict__ x, float* __restrict__ y, int rows) {
  __shared__ float4 row4[kCols / 4];
  __shared__ float red[32];
  const float* row = reinterpret_cast<const float*>(row4);
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    stage_row(row4, reinterpret_cast<const float4*>(x + (size_t)r * kCols), t, blockDim.x);
    __pipeline_wait_prior(0); // expect: pipeline-protocol
    __syncthreads();
    float m = -INFINITY;
    for (int i = t; i < kCols; i += blockDim.x) m = fmaxf(m, row[i]); // expect: async-copy-read-before-wait
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
    if (lane == 0) red[warp] = m;
    __syncthreads();
    m = red[0];
    for (int w = 1; w < blockDim.x / 32; ++w) m = fmaxf(m, red[w]);
    float s = 0.f;
    for (int i = t; i < kCols; i += blockDim.x) s += __expf(row[i] - m);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    __syncthreads();
    if (lane == 0) red[warp] = s;
    __syncthreads();
    s = 0.f;
    for (int w = 0; w < blockDim.x / 32; ++w) s += red[w];
    for (int i = t; i < kCols; i += blockDim.x) y[(size_t)r * kCols + i] = __expf(row[i] - m) / s;
    __syncthreads();
  }
}
