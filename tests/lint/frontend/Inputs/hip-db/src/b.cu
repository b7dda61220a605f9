// A .cu file that CMake's HIP language compiles with clang -x hip.
#include <hip/hip_runtime.h>
#if defined(__HIP_DEVICE_COMPILE__) && __AMDGCN_WAVEFRONT_SIZE != 32
#error "gfx1100 is wave32"
#endif
#ifndef NEEDED
#error "the database's -D did not reach the pass"
#endif
__global__ void b(int *p) { p[threadIdx.x] = 1; }
