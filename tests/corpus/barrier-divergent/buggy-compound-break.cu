// Iterative smoothing where a thread stops once its residual is small and
// it is not the block's anchor thread. The compound condition is the same
// shape as an early exit, but `break` leaves the loop, not the kernel: the
// stopped threads skip the barrier that the others wait at.

__global__ void smoothUntilConverged(float *__restrict__ v, const float *__restrict__ tol, int iters) {
  __shared__ float s[258];
  const int t = threadIdx.x + 1;
  float x = v[blockIdx.x * 256 + threadIdx.x];
  for (int it = 0; it < iters; ++it) {
    s[t] = x;
    if (threadIdx.x == 0) s[0] = s[257] = 0.f;
    if (fabsf(s[t] - x) < tol[threadIdx.x] && threadIdx.x != 0) break;
    __syncthreads(); // expect: barrier-divergent
    x = 0.25f * s[t - 1] + 0.5f * s[t] + 0.25f * s[t + 1];
    __syncthreads(); // expect: barrier-divergent
  }
  v[blockIdx.x * 256 + threadIdx.x] = x;
}
