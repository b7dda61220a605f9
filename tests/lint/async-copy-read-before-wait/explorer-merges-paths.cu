// RUN: %check_warpcheck %s async-copy-read-before-wait
// The path explorer merges paths that differ only in their assumptions.
// Each loop below has an undecided trip count; the explorer follows up to
// four iterations of each, and the ways out (after 0, 1, 2, 3, 4
// iterations) differ only in what they assumed about n[k]. Kept apart,
// they made 5^10 paths after the first loop, and the explorer stopped at
// its cap of 300,000 steps per function before it reached the paths on
// which the first loop runs, where the copy into `late` is still in
// flight at the read: the finding was missed. Merged (the assumptions
// both share kept), the function is explored in a few thousand steps.
#include <cuda_pipeline.h>

__global__ void many_undecided_loops(const float *g, float *out, const int *n) {
  __shared__ float late[128];
  float acc = 0.f;
  for (int i0 = 0; i0 < n[0]; ++i0) {
    __pipeline_memcpy_async(&late[threadIdx.x], &g[i0 * 128 + threadIdx.x], sizeof(float));
    __pipeline_commit();
  }
  for (int i1 = 0; i1 < n[1]; ++i1) {
    __pipeline_wait_prior(8);
    acc += g[i1];
  }
  for (int i2 = 0; i2 < n[2]; ++i2) {
    __pipeline_wait_prior(8);
    acc += g[i2];
  }
  for (int i3 = 0; i3 < n[3]; ++i3) {
    __pipeline_wait_prior(8);
    acc += g[i3];
  }
  for (int i4 = 0; i4 < n[4]; ++i4) {
    __pipeline_wait_prior(8);
    acc += g[i4];
  }
  for (int i5 = 0; i5 < n[5]; ++i5) {
    __pipeline_wait_prior(8);
    acc += g[i5];
  }
  for (int i6 = 0; i6 < n[6]; ++i6) {
    __pipeline_wait_prior(8);
    acc += g[i6];
  }
  for (int i7 = 0; i7 < n[7]; ++i7) {
    __pipeline_wait_prior(8);
    acc += g[i7];
  }
  for (int i8 = 0; i8 < n[8]; ++i8) {
    __pipeline_wait_prior(8);
    acc += g[i8];
  }
  for (int i9 = 0; i9 < n[9]; ++i9) {
    __pipeline_wait_prior(8);
    acc += g[i9];
  }
  for (int i10 = 0; i10 < n[10]; ++i10) {
    __pipeline_wait_prior(8);
    acc += g[i10];
  }
  out[threadIdx.x] = acc + late[threadIdx.x];
// CHECK-MESSAGES: :[[@LINE-1]]:28: error: 'late[threadIdx.x]' is read while an asynchronous copy into it may still be in flight{{.*}} [async-copy-read-before-wait]
}
