// Out-of-place matrix transpose through a shared tile on a 32 x 8 block,
// synchronised with an asynchronous barrier whose count is the number of
// threads in all dimensions of the block. Rows of threads that fall off the
// matrix still arrive: the bounds checks guard only the memory accesses.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kTile = 32;
constexpr int kRows = 8;

__global__ void transpose(const float *__restrict__ in, float *__restrict__ out, int width, int height) {
  __shared__ float tile[kTile][kTile + 1];
  __shared__ barrier bar;
  if (threadIdx.x == 0 && threadIdx.y == 0) init(&bar, blockDim.x * blockDim.y * blockDim.z);
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
