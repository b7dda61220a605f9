// Persistent SpMV-based conjugate-gradient step. The launcher queries
// cooperative-launch support and uses cudaLaunchCooperativeKernel when it
// is there, but its "fallback" for devices without it launches the same
// grid-synchronising kernel with <<<>>>, where grid.sync() traps.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void cgStep(const int *rowPtr, const int *cols, const float *vals, const float *p, float *Ap, float *pAp,
                       int n) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0) *pAp = 0.f;
  grid.sync();
  for (int r = grid.thread_rank(); r < n; r += grid.size()) {
    float s = 0.f;
    for (int e = rowPtr[r]; e < rowPtr[r + 1]; ++e) s += vals[e] * p[cols[e]];
    Ap[r] = s;
    atomicAdd(pAp, s * p[r]);
  }
}

void launchCgStep(const int *rowPtr, const int *cols, const float *vals, const float *p, float *Ap, float *pAp,
                  int n, cudaStream_t s) {
  int dev = 0, coop = 0, sms = 0, perSm = 0;
  cudaGetDevice(&dev);
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, cgStep, 256, 0);
  if (coop) {
    void *args[] = {&rowPtr, &cols, &vals, &p, &Ap, &pAp, &n};
    cudaLaunchCooperativeKernel((void *)cgStep, dim3(sms * perSm), dim3(256), args, 0, s);
  } else {
    cgStep<<<(n + 255) / 256, 256, 0, s>>>(rowPtr, cols, vals, p, Ap, pAp, n); // expect: grid-sync-without-cooperative-launch
  }
}
