// RUN: %check_warpcheck %s arch-dependent-definition -- --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// buggy.cu fixed: every definition exists in every device pass; what differs
// by architecture is inside the definitions.

__host__ __device__ float fast_scale(float x) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __fmul_rn(x, 2.f);
#else
  return x * 2.f;
#endif
}

__device__ int histogram[256];
__constant__ float weights[8];
__global__ void tensor_kernel() {
#if __CUDA_ARCH__ >= 900
  // the sm_90 path
#endif
}

__device__ float clamp01(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
namespace legacy {
__device__ int clamp01(int x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
}
__managed__ int ready_flag;
