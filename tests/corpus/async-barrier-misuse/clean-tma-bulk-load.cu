// Bulk (TMA-style) load of a tile into shared memory: one thread issues the
// copy and arrives with the transaction byte count, every other thread
// arrives plainly, and all wait on the same token slot before reading.
#include <cuda/barrier>
#include <cuda/ptx>

using barrier = cuda::barrier<cuda::thread_scope_block>;
namespace ptx = cuda::ptx;

constexpr int kElems = 1024;

__global__ void scale_tile(const int *gmem, int *out, int factor) {
  __shared__ alignas(16) int smem[kElems];
  __shared__ barrier bar;
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    ptx::fence_proxy_async(ptx::space_shared); // make the init visible to the async proxy
  }
  __syncthreads();

  const int *src = gmem + blockIdx.x * kElems;
  barrier::arrival_token token;
  if (threadIdx.x == 0) {
    cuda::memcpy_async(smem, src, cuda::aligned_size_t<16>(sizeof(smem)), bar);
    token = cuda::device::barrier_arrive_tx(bar, 1, sizeof(smem));
  } else {
    token = bar.arrive();
  }
  bar.wait(std::move(token));

  for (int i = threadIdx.x; i < kElems; i += blockDim.x) out[blockIdx.x * kElems + i] = smem[i] * factor;
}
