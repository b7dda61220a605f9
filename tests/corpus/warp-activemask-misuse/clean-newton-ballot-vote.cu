// Per-element Newton iteration for x^3 + p x = q with a warp-wide exit
// test, done deterministically: the lanes that have an element are taken
// with __ballot_sync(FULL, i < n) before the bounds check, and the "does
// anyone still need a step" vote inside it uses that ballot as its mask --
// a vote that looks like the __activemask() version but names exactly the
// lanes that reach it.

__global__ void solveCubic(const float *__restrict__ p, const float *__restrict__ q, float *__restrict__ x, int n,
                           float tol, int maxIter) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned inRange = __ballot_sync(0xffffffffu, i < n);
  if (i < n) {
    const float pi = p[i], qi = q[i];
    float xi = cbrtf(qi);
    for (int it = 0; it < maxIter; ++it) {
      const float f = xi * xi * xi + pi * xi - qi;
      const float df = 3.f * xi * xi + pi;
      const float step = df != 0.f ? f / df : 0.f;
      xi -= step;
      const bool more = fabsf(step) > tol * fmaxf(1.f, fabsf(xi));
      if (!__any_sync(inRange, more)) break;
    }
    x[i] = xi;
  }
}
