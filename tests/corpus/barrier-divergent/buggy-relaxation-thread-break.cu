// Block-local Jacobi relaxation of a 1-D heat problem held in shared
// memory, one point per thread. Each iteration reads the neighbours,
// synchronises, writes the new value and synchronises again. A thread
// stops iterating once its own update is below the tolerance -- a
// thread-dependent break out of a loop that contains barriers. Converged
// threads exit the loop while their neighbours still wait at the barrier
// (and read values nobody updates any more).

#define N 512

__global__ void relaxBlock(float *__restrict__ u, const float *__restrict__ rhs, float h2, float tol, int maxIter) {
  __shared__ float cur[N + 2];
  const int t = threadIdx.x;
  float *g = u + (size_t)blockIdx.x * N;
  cur[t + 1] = g[t];
  if (t == 0) cur[0] = cur[N + 1] = 0.f;  // Dirichlet boundary
  __syncthreads();

  for (int it = 0; it < maxIter; ++it) {
    const float next = 0.5f * (cur[t] + cur[t + 2] + h2 * rhs[blockIdx.x * N + t]);
    const float delta = fabsf(next - cur[t + 1]);
    __syncthreads();  // expect: barrier-divergent
    cur[t + 1] = next;
    if (delta < tol) break;
    __syncthreads();  // expect: barrier-divergent
  }
  g[t] = cur[t + 1];
}
