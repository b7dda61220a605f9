// Out-of-place matrix transpose through a shared tile, synchronised with an
// asynchronous barrier instead of __syncthreads(). The block is 32 x 8
// threads (each thread moves four elements), but the barrier's count was
// written as blockDim.x, i.e. 32: all 256 threads arrive, so each phase
// completes after the first 32 arrivals and the other warps read tile
// elements that have not been written yet.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kTile = 32;
constexpr int kRows = 8;

__global__ void transpose(const float *__restrict__ in, float *__restrict__ out, int width, int height) {
  __shared__ float tile[kTile][kTile + 1];
  __shared__ barrier bar;
  if (threadIdx.x == 0 && threadIdx.y == 0) init(&bar, blockDim.x); // expect: async-barrier-misuse
  __syncthreads();

  int x = blockIdx.x * kTile + threadIdx.x;
  int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * width + x];

  bar.arrive_and_wait();

  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    if (x < height && y + j < width) out[(size_t)(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

void launch_transpose(const float *in, float *out, int width, int height, cudaStream_t stream) {
  dim3 block(kTile, kRows);
  dim3 grid((width + kTile - 1) / kTile, (height + kTile - 1) / kTile);
  transpose<<<grid, block, 0, stream>>>(in, out, width, height);
}
