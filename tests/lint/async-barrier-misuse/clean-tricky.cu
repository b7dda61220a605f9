// RUN: %check_warpcheck %s async-barrier-misuse
// Bulk copies with transaction counts, raw mbarriers, the CUDA primitives,
// helpers and device-scope barriers: correct uses.
#include <cuda/barrier>
#include <cuda/ptx>
#include <cooperative_groups.h>
#include <cuda_awbarrier_primitives.h>
namespace cg = cooperative_groups;
namespace ptx = cuda::ptx;
using barrier = cuda::barrier<cuda::thread_scope_block>;

// One thread issues a bulk copy and arrives with the transaction count; the others arrive plainly.
__global__ void tma_like(const int *gmem, int *out) {
  __shared__ alignas(16) int smem[1024];
  __shared__ barrier bar;
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    ptx::fence_proxy_async(ptx::space_shared);
  }
  __syncthreads();
  barrier::arrival_token token;
  if (threadIdx.x == 0) {
    cuda::memcpy_async(smem, gmem, cuda::aligned_size_t<16>(sizeof(smem)), bar);
    token = cuda::device::barrier_arrive_tx(bar, 1, sizeof(smem));
  } else {
    token = bar.arrive();
  }
  bar.wait(std::move(token));
  out[threadIdx.x] = smem[threadIdx.x];
}

// The guide's memcpy_async with a barrier.
__global__ void with_barrier(int *global_out, const int *global_in, size_t size, size_t batch_sz) {
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  extern __shared__ int shared[];
  __shared__ barrier bar;
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  for (size_t batch = 0; batch < batch_sz; ++batch) {
    size_t block_batch_idx = block.group_index().x * block.size() + grid.size() * batch;
    cuda::memcpy_async(block, shared, global_in + block_batch_idx, sizeof(int) * block.size(), bar);
    bar.arrive_and_wait();
    global_out[block_batch_idx + threadIdx.x] = shared[threadIdx.x];
    block.sync();
  }
}

// Raw mbarrier through cuda::ptx, parity waits.
__global__ void raw_ptx(float *out, int iters) {
  __shared__ uint64_t mbar;
  if (threadIdx.x == 0) ptx::mbarrier_init(&mbar, blockDim.x);
  __syncthreads();
  for (int i = 0; i < iters; ++i) {
    (void)ptx::mbarrier_arrive(&mbar);
    while (!ptx::mbarrier_try_wait_parity(&mbar, i & 1)) {}
    out[threadIdx.x] += 1.f;
  }
}

// The CUDA primitives.
__global__ void primitives(float *out) {
  __shared__ __mbarrier_t bar;
  if (threadIdx.x == 0) __mbarrier_init(&bar, blockDim.x);
  __syncthreads();
  __mbarrier_token_t tok = __mbarrier_arrive(&bar);
  while (!__mbarrier_test_wait(&bar, tok)) {}
  out[threadIdx.x] = 1.f;
}

// Barriers initialised in a loop by the first threads, one each.
__global__ void many(float *out) {
  __shared__ barrier bars[8];
  for (int i = threadIdx.x; i < 8; i += blockDim.x) init(&bars[i], blockDim.x);
  __syncthreads();
  for (int i = 0; i < 8; ++i) bars[i].arrive_and_wait();
  out[threadIdx.x] = 1.f;
}

// Initialised by a helper called under the guard; tokens kept across iterations.
__device__ void init_all(barrier *b, int n, int count) {
  for (int i = 0; i < n; ++i) init(b + i, count);
}
__global__ void helper_guarded(float *data, int iters) {
  __shared__ barrier b[2];
  if (threadIdx.x == 0) init_all(b, 2, blockDim.x);
  __syncthreads();
  barrier::arrival_token tok = b[0].arrive();
  for (int i = 0; i < iters; ++i) {
    b[0].wait(std::move(tok));
    data[threadIdx.x] += 1.f;
    tok = b[0].arrive();
  }
  b[0].wait(std::move(tok));
}

// A device-scope barrier in global memory, used by every block: allowed.
__device__ cuda::barrier<cuda::thread_scope_device> grid_bar;

// Only the initialising thread uses the barrier before it is published.
__global__ void owner_first(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  if (threadIdx.x == 0) (void)bar.arrive(); // counted in the first phase
  __syncthreads();
  if (threadIdx.x != 0) (void)bar.arrive();
  out[threadIdx.x] = 1.f;
}
