// A warp-level sum that names lanes which never arrive: the shuffle uses the
// full mask 0xffffffff inside `if (i < n)`, so in the tail warp the lanes past
// the end are in the mask but do not call it (undefined behaviour; a hang on
// some GPUs).
//
// warpcheck lint: warp-mask-inactive-lane (a warning: which lanes are
// past the end is known only at run time) at the __shfl_down_sync on line 20.
#include <cstdio>
#include <cuda_runtime.h>

constexpr unsigned kFullMask = 0xffffffffu;

__global__ void warp_sums(const float *x, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { // the tail warp enters with only some of its lanes
    float v = x[i];
    for (int offset = 16; offset > 0; offset /= 2)
      // for them (float v = i < n ? x[i] : 0) and shuffle outside the branch.
      v += __shfl_down_sync(kFullMask, v, offset);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
  }
}

int main() {
  const int n = 100;
  float *x, *out;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&out, sizeof(float));
  for (int i = 0; i < n; ++i) x[i] = 1.0f;
  *out = 0.0f;
  warp_sums<<<1, 128>>>(x, out, n);
  cudaDeviceSynchronize();
  std::printf("sum = %g (expected %d)\n", *out, n);
  cudaFree(x);
  cudaFree(out);
}
