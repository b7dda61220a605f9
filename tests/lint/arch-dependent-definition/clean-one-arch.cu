// RUN: %check_warpcheck %s arch-dependent-definition -- --cuda-arch=sm_90 -- -fgpu-rdc
// One device pass: nothing to compare it with.
#if __CUDA_ARCH__ >= 900
__device__ int histogram[256];
#endif
