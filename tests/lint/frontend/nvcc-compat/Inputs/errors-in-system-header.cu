// Fixture for errors-in-system-header.test (line 8: the barrier).
#include <vendor_math.h>

__global__ void uses_vendor(int *out) { out[threadIdx.x] = vendor_ok(threadIdx.x); }

#ifndef NO_BUG
__global__ void buggy(int *out) {
  if (threadIdx.x < 16) __syncthreads();
  out[threadIdx.x] = 1;
}
#endif
