// Warp-per-query nearest-centroid search over per-query candidate lists
// (IVF-style: each query has 32 candidate centroids). The lanes' snapshot
// is taken before a branch on the query index, which depends only on the
// warp, so every lane of the snapshot goes the same way. Inside, the lowest
// converged lane reads the query's candidate-list offset and broadcasts it
// with the snapshot as mask (robust to any subset: each converged group
// elects its own leader); the argmin butterfly uses the full mask, since
// the branch is warp-uniform.

__global__ void assignNearest(const float *__restrict__ pts, const float *__restrict__ cent,
                              const int *__restrict__ candOffset, const int *__restrict__ candIds, int dim,
                              int numPts, int *__restrict__ assign) {
  const int lane = threadIdx.x & 31;
  const int gwarp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int nwarps = (gridDim.x * blockDim.x) >> 5;
  for (int base = 0; base < numPts; base += nwarps) {
    const unsigned active = __activemask();
    const int q = base + gwarp;
    if (q < numPts) {
      const int leader = __ffs(active) - 1;
      int off = 0;
      if (lane == leader) off = candOffset[q];
      off = __shfl_sync(active, off, leader);
      const int c = candIds[off + lane];
      float d2 = 0.f;
      for (int k = 0; k < dim; ++k) {
        const float diff = pts[(size_t)q * dim + k] - cent[(size_t)c * dim + k];
        d2 += diff * diff;
      }
      int best = c;
      for (int o = 16; o > 0; o >>= 1) {
        const float od = __shfl_xor_sync(0xffffffffu, d2, o);
        const int ob = __shfl_xor_sync(0xffffffffu, best, o);
        if (od < d2 || (od == d2 && ob < best)) { d2 = od; best = ob; }
      }
      if (lane == 0) assign[q] = best;
    }
  }
}
