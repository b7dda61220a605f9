// Softmax over short rows with G lanes per row (G = 4, 8 or 16, chosen from
// the row length; each lane holds up to 4 columns). Every lane passes the
// mask of its own group, the low G bits shifted to the group's first lane:
// the lanes of one warp pass 32/G different masks at the same shuffle, but
// any two are equal (same group) or disjoint -- what the guide allows.

#include <cfloat>

template <int G>
__global__ void softmaxSubWarp(const float *__restrict__ x, float *__restrict__ y, int rows, int cols) {
  static_assert(G >= 2 && G <= 16 && (G & (G - 1)) == 0, "G: power of two, 2..16");
  const unsigned lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / G;
  const int r = lane % G;
  const unsigned mask = ((1u << G) - 1) << (lane & ~(G - 1u));
  const bool live = row < rows;

  float v[4];
  float m = -FLT_MAX;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const int c = r + k * G;
    v[k] = live && c < cols ? x[(size_t)row * cols + c] : -FLT_MAX;
    m = fmaxf(m, v[k]);
  }
  for (int o = G / 2; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(mask, m, o, G));

  float s = 0.f;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    v[k] = v[k] == -FLT_MAX ? 0.f : __expf(v[k] - m);
    s += v[k];
  }
  for (int o = G / 2; o > 0; o >>= 1) s += __shfl_xor_sync(mask, s, o, G);

#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const int c = r + k * G;
    if (live && c < cols) y[(size_t)row * cols + c] = v[k] / s;
  }
}

template __global__ void softmaxSubWarp<4>(const float *, float *, int, int);
template __global__ void softmaxSubWarp<8>(const float *, float *, int, int);
template __global__ void softmaxSubWarp<16>(const float *, float *, int, int);
