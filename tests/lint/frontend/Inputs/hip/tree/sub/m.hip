#include <hip/hip_runtime.h>
// The warp _sync functions parse against HIP headers older than ROCm 6.2.
__global__ void any_positive(const int *p, int *out) {
  out[threadIdx.x] = __any_sync(~0ull, p[threadIdx.x] > 0) + __popcll(__ballot(p[threadIdx.x] > 0));
}
