// Polynomial activation with per-layer coefficients in a constexpr
// std::array, read with at() in device code (nvcc: --expt-relaxed-constexpr;
// clang makes at() __host__ __device__ and used to reject its host-only
// throw helper). The tail guard wraps the barrier: in the last, partial
// block the threads past `n` never reach it.

#include <array>

__global__ void polyActivate(const float *__restrict__ x, float *__restrict__ y, int n, int layer) {
  constexpr std::array<float, 4> coeff{0.f, 1.f, 0.5f, 0.25f};
  __shared__ float term[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float c = coeff.at(layer & 3);
  if (i < n) {
    term[threadIdx.x] = c * x[i];
    __syncthreads();  // expect: barrier-divergent
    y[i] = term[threadIdx.x ^ 1] + coeff.at(0);
  }
}
