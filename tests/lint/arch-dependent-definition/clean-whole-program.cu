// RUN: %check_warpcheck %s arch-dependent-definition -- --cuda-arch=sm_75,sm_90
// Without relocatable device code each device object is linked alone: an
// arch-dependent definition breaks no link.
#if __CUDA_ARCH__ >= 900
__device__ int histogram[256];
__device__ void only_on_hopper() {}
#endif
