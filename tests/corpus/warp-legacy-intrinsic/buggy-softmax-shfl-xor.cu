// Row softmax for attention scores, one warp per row, ported from a
// Maxwell-era code base: the row maximum and the row sum are butterfly
// reductions with the legacy __shfl_xor. Without a mask the shuffle assumes
// all 32 lanes execute it in lockstep; on sm_70 and later that is no longer
// guaranteed, and nvcc 13 no longer accepts the call at all.

#include <cfloat>

template <typename T>
__device__ __forceinline__ T warpAllMax(T v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) v = max(v, __shfl_xor(v, mask));  // expect: warp-legacy-intrinsic
  return v;
}

template <typename T>
__device__ __forceinline__ T warpAllSum(T v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor(v, mask);  // expect: warp-legacy-intrinsic
  return v;
}

template <int COLS_PER_LANE>
__global__ void softmaxRows(const float *__restrict__ scores, float *__restrict__ probs, int rows, int cols,
                            float scale) {
  const int lane = threadIdx.x & 31;
  const int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  if (row >= rows) return;
  const float *x = scores + (size_t)row * cols;

  float v[COLS_PER_LANE];
  float m = -FLT_MAX;
#pragma unroll
  for (int k = 0; k < COLS_PER_LANE; ++k) {
    int c = lane + 32 * k;
    v[k] = c < cols ? x[c] * scale : -FLT_MAX;
    m = fmaxf(m, v[k]);
  }
  m = warpAllMax(m);

  float s = 0.f;
#pragma unroll
  for (int k = 0; k < COLS_PER_LANE; ++k) {
    v[k] = lane + 32 * k < cols ? __expf(v[k] - m) : 0.f;
    s += v[k];
  }
  s = warpAllSum(s);

  float *y = probs + (size_t)row * cols;
#pragma unroll
  for (int k = 0; k < COLS_PER_LANE; ++k)
    if (lane + 32 * k < cols) y[lane + 32 * k] = v[k] / s;
}

template __global__ void softmaxRows<4>(const float *, float *, int, int, float);
template __global__ void softmaxRows<8>(const float *, float *, int, int, float);
