// Pre-CUDA 9 code kept "for old GPUs": the fallback branch uses __shfl_down,
// which has no mask and assumes the warp runs in lockstep. It was removed for
// compute capability 7.0 and up (nvcc rejects it for sm_70+), so it is kept
// under `#if __CUDA_ARCH__ < 700`; that branch is what the host pass and any
// pre-Volta device pass compile.
//
// warpcheck lint --cuda-arch=sm_60,sm_90: warp-legacy-intrinsic at the
// __shfl_down on line 22, from the sm_60 pass, the one that compiles the
// fallback (with a fix-it to __shfl_down_sync). With the default passes
// (host, sm_90) there is no finding: sm_90 compiles the _sync branch and the
// host pass does not run device code. `nvcc -arch=sm_90 -c` compiles this file.
#include <cstdio>
#include <cuda_runtime.h>

__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) {
#if __CUDA_ARCH__ >= 700
    v += __shfl_down_sync(0xffffffffu, v, offset);
#else
    // intrinsic does not exist for sm_70+). Fix: __shfl_down_sync everywhere.
    v += __shfl_down(v, offset);
#endif
  }
  return v;
}

__global__ void sum32(const float *x, float *out) {
  float v = warp_sum(x[threadIdx.x]);
  if (threadIdx.x == 0) *out = v;
}

int main() {
  float *x, *out;
  cudaMallocManaged(&x, 32 * sizeof(float));
  cudaMallocManaged(&out, sizeof(float));
  for (int i = 0; i < 32; ++i) x[i] = 1.0f;
  sum32<<<1, 32>>>(x, out);
  cudaDeviceSynchronize();
  std::printf("sum = %g (expected 32)\n", *out);
  cudaFree(x);
  cudaFree(out);
}
