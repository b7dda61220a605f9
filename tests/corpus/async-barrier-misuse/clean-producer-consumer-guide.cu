// The CUDA Programming Guide's producer/consumer pattern with asynchronous
// barriers: one producer warp fills two buffers in turn, the other warps
// consume them. bar[0..1] say "buffer i may be filled", bar[2..3] say
// "buffer i is filled"; every thread of the block arrives on each barrier
// once per phase, the producer and the consumers in their own ways.
#include <cuda/barrier>
#include <cooperative_groups.h>

using barrier = cuda::barrier<cuda::thread_scope_block>;

__device__ void produce(barrier ready[], barrier filled[], float *buffer, const float *in, int N, int buffer_len) {
  for (int i = 0; i < (N / buffer_len); ++i) {
    ready[i % 2].arrive_and_wait(); // wait for buffer_(i%2) to be ready to be filled
    for (int k = threadIdx.x; k < buffer_len; k += warpSize) buffer[(i % 2) * buffer_len + k] = in[i * buffer_len + k];
    barrier::arrival_token token = filled[i % 2].arrive(); // buffer_(i%2) is filled
    (void)token;
  }
}

__device__ void consume(barrier ready[], barrier filled[], float *buffer, float *out, int N, int buffer_len) {
  barrier::arrival_token token1 = ready[0].arrive(); // buffer_0 is ready for initial fill
  barrier::arrival_token token2 = ready[1].arrive(); // buffer_1 is ready for initial fill
  (void)token1;
  (void)token2;
  const int consumers = blockDim.x - warpSize;
  for (int i = 0; i < (N / buffer_len); ++i) {
    filled[i % 2].arrive_and_wait(); // wait for buffer_(i%2) to be filled
    for (int k = threadIdx.x - warpSize; k < buffer_len; k += consumers)
      out[i * buffer_len + k] = 2.f * buffer[(i % 2) * buffer_len + k];
    barrier::arrival_token token = ready[i % 2].arrive(); // buffer_(i%2) is ready to be re-filled
    (void)token;
  }
}

// N is the total number of float elements in arrays in and out.
__global__ void producer_consumer_pattern(int N, int buffer_len, const float *in, float *out) {
  // Shared memory buffer of size 2 * buffer_len, used as two buffers.
  extern __shared__ float buffer[];
  __shared__ barrier bar[4];

  auto block = cooperative_groups::this_thread_block();
  if (block.thread_rank() < 4) init(bar + block.thread_rank(), block.size());
  block.sync();

  if (block.thread_rank() < warpSize)
    produce(bar, bar + 2, buffer, in, N, buffer_len);
  else
    consume(bar, bar + 2, buffer, out, N, buffer_len);
}

void launch(int N, int buffer_len, const float *in, float *out, cudaStream_t s) {
  producer_consumer_pattern<<<1, 256, 2 * buffer_len * sizeof(float), s>>>(N, buffer_len, in, out);
}
