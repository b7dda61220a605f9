// Warp-specialised softmax over long rows: warp 0 loads the next chunk of
// the row into shared memory while the other warps reduce the current one.
// The `loaded` token is only produced by the loader warp's arrive; the
// consumer warps fall through to the wait with a default-constructed token,
// which belongs to no phase they took part in.
#include <cuda/barrier>
#include <utility>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kChunk = 1024;

__global__ void softmax_stats(const float *__restrict__ x, float *__restrict__ row_max, int cols) {
  __shared__ float chunk[kChunk];
  __shared__ float warp_max[32];
  __shared__ barrier loaded;
  if (threadIdx.x == 0) init(&loaded, blockDim.x);
  __syncthreads();

  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const float *row = x + (size_t)blockIdx.x * cols;
  float m = -INFINITY;
  for (int base = 0; base < cols; base += kChunk) {
    barrier::arrival_token tok;
    if (warp == 0) {
      for (int i = lane; i < kChunk; i += 32) chunk[i] = base + i < cols ? row[base + i] : -INFINITY;
      tok = loaded.arrive();
    }
    loaded.wait(std::move(tok)); // expect: async-barrier-misuse
    if (warp != 0)
      for (int i = threadIdx.x - 32; i < kChunk; i += blockDim.x - 32) m = fmaxf(m, chunk[i]);
    loaded.arrive_and_wait();
  }
  for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, off));
  if (lane == 0) warp_max[warp] = m;
  __syncthreads();
  if (threadIdx.x == 0) {
    float r = -INFINITY;
    for (int w = 1; w < (int)blockDim.x / 32; ++w) r = fmaxf(r, warp_max[w]);
    row_max[blockIdx.x] = r;
  }
}
