// Row-wise L2 normalisation: each warp stages its row in shared memory in
// two batches with the pipeline primitives, committing each batch, and
// waits for both before reducing.
#include <cuda_pipeline.h>

constexpr int kCols = 512;
constexpr int kWarps = 4;

__global__ void l2_normalize_rows(const float4* __restrict__ in, float4* __restrict__ out, int rows) {
  __shared__ float4 rowbuf[kWarps][kCols / 4];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int row = blockIdx.x * kWarps + warp;
  if (row >= rows) return;
  const float4* src = in + (size_t)row * (kCols / 4);

  for (int i = lane; i < kCols / 8; i += 32) __pipeline_memcpy_async(&rowbuf[warp][i], &src[i], sizeof(float4));
  __pipeline_commit();
  for (int i = kCols / 8 + lane; i < kCols / 4; i += 32)
    __pipeline_memcpy_async(&rowbuf[warp][i], &src[i], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncwarp();

  float ss = 0.f;
  for (int i = lane; i < kCols / 4; i += 32) {
    float4 v = rowbuf[warp][i];
    ss += v.x * v.x + v.y * v.y + v.z * v.z + v.w * v.w;
  }
  for (int o = 16; o > 0; o >>= 1) ss += __shfl_xor_sync(0xffffffff, ss, o);
  float inv = rsqrtf(ss + 1e-12f);
  for (int i = lane; i < kCols / 4; i += 32) {
    float4 v = rowbuf[warp][i];
    out[(size_t)row * (kCols / 4) + i] = make_float4(v.x * inv, v.y * inv, v.z * inv, v.w * inv);
  }
}
