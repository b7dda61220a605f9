// Cooperative early exit of a bounded iterative refinement (per-element
// Newton iterations for a cube root): the wavefront stops when every
// *active* lane has converged. The test compares the ballot with
// __activemask() (64-bit both), not with a constant, so it works on
// wave32 and wave64 and with a partial last wavefront.
#include <hip/hip_runtime.h>

__global__ void cbrtNewton(const float *a, float *out, int n, int maxIters, float tol) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float ai = a[i];
  float x = ai > 1.f ? ai / 3.f : 1.f;
  for (int it = 0; it < maxIters; ++it) {
    const float next = x - (x * x * x - ai) / (3.f * x * x);
    const bool done = fabsf(next - x) <= tol * fabsf(next);
    x = next;
    const unsigned long long active = __activemask();
    if (__ballot(done) == active) break;
  }
  out[i] = x;
}

// Counts the wavefronts in which every lane agrees on a flag.
__global__ void unanimous(const int *flags, int n, int *count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool f = i < n && flags[i] != 0;
  if (__all(f) && __lane_id() == 0) atomicAdd(count, 1);
}
