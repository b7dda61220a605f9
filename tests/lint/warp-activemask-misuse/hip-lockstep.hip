// REQUIRES: hip
// RUN: %check_warpcheck %s warp-activemask-misuse -- --offload-arch=gfx90a
// On AMD wavefronts (lockstep) a ballot compared with __activemask() is the
// idiom for "every active lane agrees": nothing to report.
#include <hip/hip_runtime.h>

__global__ void untilAllDone(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i];
  for (int it = 0; it < 16; ++it) {
    bool done = x < 1.f;
    x *= 0.5f;
    const unsigned long long active = __activemask();
    if (__ballot(done) == active) break;
  }
  out[i] = x;
}
