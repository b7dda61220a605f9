// RUN: %check_warpcheck %s async-barrier-misuse
// The Programming Guide's own asynchronous-barrier examples, and the
// idioms a naive checker would report.
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

__device__ void compute(float *data, int it);

// The guide's split arrive/wait example.
__global__ void split_arrive_wait(int iteration_count, float *data) {
  __shared__ barrier bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) {
    init(&bar, block.size());
  }
  block.sync();
  for (int curr_iter = 0; curr_iter < iteration_count; ++curr_iter) {
    barrier::arrival_token token = bar.arrive();
    compute(data, curr_iter);
    bar.wait(std::move(token));
  }
}

// The guide's producer/consumer example (two barriers per buffer).
__device__ void produce(barrier ready[], barrier filled[], float *buffer, float *in, int N, int buffer_len) {
  for (int i = 0; i < (N / buffer_len); ++i) {
    ready[i % 2].arrive_and_wait();
    barrier::arrival_token token = filled[i % 2].arrive();
  }
}
__device__ void consume(barrier ready[], barrier filled[], float *buffer, float *out, int N, int buffer_len) {
  barrier::arrival_token token1 = ready[0].arrive();
  barrier::arrival_token token2 = ready[1].arrive();
  for (int i = 0; i < (N / buffer_len); ++i) {
    filled[i % 2].arrive_and_wait();
    barrier::arrival_token token = ready[i % 2].arrive();
  }
}
__global__ void producer_consumer_pattern(int N, int buffer_len, float *in, float *out) {
  extern __shared__ float buffer[];
  __shared__ barrier bar[4];
  auto block = cg::this_thread_block();
  if (block.thread_rank() < 4)
    init(bar + block.thread_rank(), block.size());
  block.sync();
  if (block.thread_rank() < warpSize)
    produce(bar, bar + 2, buffer, in, N, buffer_len);
  else
    consume(bar, bar + 2, buffer, out, N, buffer_len);
}

// Init in a separate device function.
__device__ void setup(barrier *b, int n) {
  if (threadIdx.x == 0) init(b, n);
}
__global__ void separate_init(float *out) {
  __shared__ barrier bar;
  setup(&bar, blockDim.x);
  __syncthreads();
  bar.arrive_and_wait();
  out[threadIdx.x] = 1.f;
}

// Exiting producers drop out.
__global__ void drop(float *out, int n) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (threadIdx.x >= n) {
    bar.arrive_and_drop();
    return;
  }
  for (int i = 0; i < 4; ++i) bar.arrive_and_wait();
  out[threadIdx.x] = 1.f;
}

// Warp-specialised: producer warp and consumer warps, counts differ per barrier.
__global__ void warp_specialized(const float *in, float *out, int tiles) {
  __shared__ barrier full[2], empty[2];
  __shared__ float buf[2][256];
  int warp = threadIdx.x / 32;
  int consumers = blockDim.x - 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < 2; ++s) {
      init(&full[s], consumers + 1);
      init(&empty[s], consumers);
    }
  }
  __syncthreads();
  if (warp == 0) {
    for (int t = 0; t < tiles; ++t) {
      int s = t % 2;
      if (t >= 2) empty[s].wait_parity(((t / 2) - 1) & 1);
      if (threadIdx.x == 0) {
        for (int k = 0; k < 256; ++k) buf[s][k] = in[t * 256 + k];
        (void)full[s].arrive();
      }
    }
  } else {
    for (int t = 0; t < tiles; ++t) {
      int s = t % 2;
      full[s].arrive_and_wait();
      out[t * 256 + threadIdx.x - 32] = buf[s][threadIdx.x - 32];
      (void)empty[s].arrive();
    }
  }
}

// 2-D block where one row arrives on a blockDim.x barrier.
__global__ void row(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0 && threadIdx.y == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (threadIdx.y == 0) bar.arrive_and_wait();
}

// Launched with the matching block size.
__global__ void matching(float *out) {
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, 256);
  __syncthreads();
  bar.arrive_and_wait();
}
void launch() { matching<<<8, 256>>>(nullptr); }
