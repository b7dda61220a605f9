// Softmax over short rows (at most 16 columns, e.g. attention over a small
// window): each half-warp owns one row, so a warp handles two rows and the
// butterflies run with width 16. The row bounds check `if (row < rows)`
// splits the last warp when `rows` is odd: the upper half-warp skips the
// body, but the shuffles still pass the full mask, naming those 16 lanes.

#include <cfloat>

#define ROW_LANES 16

__device__ __forceinline__ float clampExp(float x) { return x < -80.f ? 0.f : __expf(x); }

__global__ void softmaxShortRows(const float *__restrict__ logits, float *__restrict__ probs, int rows, int cols) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = gtid / ROW_LANES;
  const int col = gtid % ROW_LANES;

  if (row < rows) {
    const float x = col < cols ? logits[(size_t)row * cols + col] : -FLT_MAX;

    float m = x;
    for (int o = ROW_LANES / 2; o > 0; o >>= 1)
      m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o, ROW_LANES)); // expect: warp-mask-inactive-lane

    const float e = col < cols ? clampExp(x - m) : 0.f;
    float s = e;
    for (int o = ROW_LANES / 2; o > 0; o >>= 1)
      s += __shfl_xor_sync(0xffffffff, s, o, ROW_LANES); // expect: warp-mask-inactive-lane

    if (col < cols) probs[(size_t)row * cols + col] = e / s;
  }
}
