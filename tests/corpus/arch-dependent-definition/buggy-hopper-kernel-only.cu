// corpus-args: --cuda-arch=sm_80,sm_90 -- -fgpu-rdc
// A kernel declared for every pass (the project header's prototype) and
// defined only for Hopper, because its body uses sm_90 features. With
// relocatable device code the host code of other translation units
// references the kernel's device symbol; the sm_80 device object does
// not define it, so the device link for sm_80 fails (or, if another
// object defines one, silently uses that one).
#include <cuda_runtime.h>

__global__ void reduceWithClusterHint(const float *in, float *out, int n);

#if __CUDA_ARCH__ >= 900
__global__ void reduceWithClusterHint(const float *in, float *out, int n) { // expect: arch-dependent-definition
  __shared__ float s[256];
  float acc = 0.f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) acc += in[i];
  s[threadIdx.x] = acc;
  __syncthreads();
  for (int k = 128; k > 0; k /= 2) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, s[0]);
}
#endif
