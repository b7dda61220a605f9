// Row-wise top-1 (argmax) over logits, one warp per row. A warp helper
// that used to sit in this file inside a suppression region was moved to
// a shared header, and the region's opening comment went with it -- the
// closing comment stayed behind. A region end with no open region is a
// mistake in the suppressions (it closes nothing, and it suggests that
// something above is being silenced when nothing is).

#define FULL_MASK 0xffffffffu

struct ArgMax {
  float v;
  int i;
};

__device__ __forceinline__ ArgMax better(ArgMax a, ArgMax b) {
  return (b.v > a.v || (b.v == a.v && b.i < a.i)) ? b : a;
}

__device__ __forceinline__ ArgMax warpArgMax(ArgMax m) {
#pragma unroll
  for (int o = 16; o > 0; o >>= 1) {
    ArgMax other{__shfl_xor_sync(FULL_MASK, m.v, o), __shfl_xor_sync(FULL_MASK, m.i, o)};
    m = better(m, other);
  }
  return m;
}
// NOLINTEND(warp-mask-inactive-lane)  // expect: suppression-invalid

__global__ void greedyDecode(const float *__restrict__ logits, int rows, int vocab, int *__restrict__ token) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= rows) return;  // blockDim.x is a multiple of 32: whole warps
  const float *x = logits + (size_t)row * vocab;
  ArgMax m{-INFINITY, vocab};
  for (int c = lane; c < vocab; c += 32) m = better(m, ArgMax{x[c], c});
  m = warpArgMax(m);
  if (lane == 0) token[row] = m.i;
}
