#pragma once
// A system header whose kernel signature depends on __CUDA_ARCH__.
#ifdef __CUDA_ARCH__
typedef double sys_real;
#else
typedef float sys_real;
#endif
__global__ void sys_kernel(sys_real x) {}
