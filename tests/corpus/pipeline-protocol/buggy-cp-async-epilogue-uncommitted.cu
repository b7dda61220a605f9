// Fused GEMV + bias: the matrix rows are staged with cp.async in committed
// groups, and the bias vector was added later as one more cp.async in the
// epilogue. The final `cp.async.wait_group 0` waits for all committed
// groups, but the bias copy was never committed, so no wait covers it.
#include <cstdint>

constexpr int kCols = 1024;

__device__ __forceinline__ void cp_async4(void *smem, const void *gmem) {
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(dst), "l"(gmem));
}

__global__ void gemv_bias(const float *__restrict__ A, const float *__restrict__ x, const float *__restrict__ bias,
                          float *__restrict__ y, int rows) {
  __shared__ float xs[kCols];
  __shared__ float bs[32];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = blockDim.x / 32;
  for (int c = threadIdx.x; c < kCols; c += blockDim.x) cp_async4(&xs[c], &x[c]);
  asm volatile("cp.async.commit_group;\n" ::);
  const int row0 = blockIdx.x * 32;
  if (threadIdx.x < 32) cp_async4(&bs[threadIdx.x], &bias[row0 + threadIdx.x]);
  asm volatile("cp.async.wait_group 0;\n" ::); // expect: pipeline-protocol
  __syncthreads();

  for (int r = warp; r < 32 && row0 + r < rows; r += warps) {
    float acc = 0.f;
    for (int c = lane; c < kCols; c += 32) acc += A[(size_t)(row0 + r) * kCols + c] * xs[c];
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    if (lane == 0) y[row0 + r] = acc + bs[r]; // expect: async-copy-read-before-wait
  }
}
