// The fixed twin of buggy-array-at-coefficients.cu: the same polynomial
// activation with per-layer coefficients in a constexpr std::array read
// with at() in device code (nvcc: --expt-relaxed-constexpr), but the tail
// guard wraps only the loads and the store: every thread reaches the
// barrier.

#include <array>

__global__ void polyActivate(const float *__restrict__ x, float *__restrict__ y, int n, int layer) {
  constexpr std::array<float, 4> coeff{0.f, 1.f, 0.5f, 0.25f};
  __shared__ float term[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float c = coeff.at(layer & 3);
  term[threadIdx.x] = i < n ? c * x[i] : 0.f;
  __syncthreads();
  if (i < n) y[i] = term[threadIdx.x ^ 1] + coeff.at(0);
}
