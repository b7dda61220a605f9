#include <hip/hip_runtime.h>
#ifndef NEEDED
#error "the database's -D did not reach the pass"
#endif
__global__ void a(int *p) { p[threadIdx.x] = warpSize; }
