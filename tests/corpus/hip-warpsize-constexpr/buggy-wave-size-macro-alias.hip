// A project-wide WAVE_SIZE macro with a "portable" fallback chain: the
// compiler's __AMDGCN_WAVEFRONT_SIZE if defined, else a test of warpSize
// in #if. Clang 20 and later no longer predefine __AMDGCN_WAVEFRONT_SIZE,
// and warpSize is a variable, 0 to the preprocessor: the chain ends at
// WAVE_SIZE 32 for every target, gfx90a included. The portable forms are
// warpSize in device code, or a WarpSize template parameter chosen on the
// host.
#include <hip/hip_runtime.h>

// expect-next-line: hip-warpsize-constexpr
#if defined(__AMDGCN_WAVEFRONT_SIZE)
// expect-next-line: hip-warpsize-constexpr
#define WAVE_SIZE __AMDGCN_WAVEFRONT_SIZE
// expect-next-line: hip-warpsize-constexpr
#elif warpSize == 64
#define WAVE_SIZE 64
#else
#define WAVE_SIZE 32
#endif

// 1-D max-pooling of feature rows, one wavefront per row, with the row's
// overall maximum reduced across the wavefront.
__global__ void maxPoolRows(const float *in, int rows, int cols, int window, float *out, float *rowMax) {
  const int wave = threadIdx.x / WAVE_SIZE, lane = threadIdx.x % WAVE_SIZE;
  const int row = blockIdx.x * (blockDim.x / WAVE_SIZE) + wave;
  if (row >= rows) return;
  const int outCols = cols / window;
  float best = -3.4e38f;
  for (int oc = lane; oc < outCols; oc += WAVE_SIZE) {
    float m = in[(size_t)row * cols + oc * window];
    for (int k = 1; k < window; ++k) m = fmaxf(m, in[(size_t)row * cols + oc * window + k]);
    out[(size_t)row * outCols + oc] = m;
    best = fmaxf(best, m);
  }
  for (int o = WAVE_SIZE / 2; o > 0; o /= 2) best = fmaxf(best, __shfl_xor(best, o));
  if (lane == 0) rowMax[row] = best;
}
