// corpus-run:
// One vertical Haar lifting step on 16x8 tiles: blocks are 16x8 threads, so
// rows 2k and 2k+1 of a tile sit in the same warp and can exchange pixels
// through shared memory with a __syncwarp() instead of a block barrier. The
// even row of each pair gets the average, the odd row the half difference.
// The row parity splits every warp in two halves (blockDim.x is 16), so the
// __syncwarp() comes before the branch, where the whole warp is together.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

constexpr int kTileW = 16, kTileH = 8;

__global__ void haar_vertical(const float* img, float* out, int width) {
  __shared__ float tile[kTileH][kTileW];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * kTileW + tx, y = blockIdx.y * kTileH + ty;
  tile[ty][tx] = img[y * width + x];
  __syncwarp();
  float r;
  if ((ty & 1) == 0)
    r = 0.5f * (tile[ty][tx] + tile[ty + 1][tx]);
  else
    r = 0.5f * (tile[ty - 1][tx] - tile[ty][tx]);
  out[y * width + x] = r;
}

int main() {
  const int width = 64, height = 32;
  float *img, *out;
  CUDA_CHECK(cudaMallocManaged(&img, width * height * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, width * height * sizeof(float)));
  for (int i = 0; i < width * height; ++i) img[i] = (float)((i * 31) % 29);
  dim3 block(kTileW, kTileH), grid(width / kTileW, height / kTileH);
  haar_vertical<<<grid, block>>>(img, out, width);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < width * height; ++i) sum += out[i] * (i % 5 + 1);
  printf("haar_vertical: checksum %.2f\n", sum);
  CUDA_CHECK(cudaFree(img));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
