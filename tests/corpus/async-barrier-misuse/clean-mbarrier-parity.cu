// A raw mbarrier driven through cuda::ptx: a persistent kernel that loops
// over work items, arriving once per item and waiting on the phase parity.
#include <cuda/ptx>
#include <cstdint>

namespace ptx = cuda::ptx;

__global__ void persistent(const float *in, float *out, int items, int per_item) {
  __shared__ uint64_t mbar;
  __shared__ float stage[256];
  if (threadIdx.x == 0) ptx::mbarrier_init(&mbar, blockDim.x);
  __syncthreads();

  for (int it = blockIdx.x, phase = 0; it < items; it += gridDim.x, phase ^= 1) {
    stage[threadIdx.x] = in[it * per_item + threadIdx.x];
    (void)ptx::mbarrier_arrive(&mbar);
    while (!ptx::mbarrier_try_wait_parity(&mbar, phase)) {
    }
    out[it * per_item + threadIdx.x] = stage[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
  }
}
