// corpus-run:
// Row-wise prefix maxima inside 16x16 tiles (a step of a 2-D running-max
// filter): blocks are 16x16 threads, every row of the tile is scanned in
// shared memory by its 16 threads, which synchronise with __syncwarp(0xffff)
// ("the 16 lanes of my row") between the steps of a Hillis-Steele scan.
//
// Bug: with blockDim.x == 16 a warp holds two rows: the even row is lanes
// 0..15, the odd row lanes 16..31. The odd rows call __syncwarp(0x0000ffff)
// without their own bits in the mask. The mask has to be the row's lanes,
// 0xffff << (16 * (threadIdx.y & 1)), or simply the full warp.
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

constexpr int kTile = 16;
constexpr unsigned kRow = 0x0000ffffu;

__global__ void row_running_max(const float* img, float* out, int width) {
  __shared__ float tile[kTile][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * kTile + tx, y = blockIdx.y * kTile + ty;
  tile[ty][tx] = img[y * width + x];
  for (int d = 1; d < kTile; d <<= 1) {
    // expect-run-next-line: warp-mask-missing-lane
    __syncwarp(kRow);  // expect: warp-mask-missing-lane
    const float left = tx >= d ? tile[ty][tx - d] : tile[ty][tx];
    // expect-run-next-line: warp-mask-missing-lane
    __syncwarp(kRow);  // expect: warp-mask-missing-lane
    tile[ty][tx] = fmaxf(tile[ty][tx], left);
  }
  out[y * width + x] = tile[ty][tx];
}

int main() {
  const int width = 32, height = 32;
  float *img, *out;
  CUDA_CHECK(cudaMallocManaged(&img, width * height * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, width * height * sizeof(float)));
  for (int i = 0; i < width * height; ++i) img[i] = (float)((i * 53) % 61);
  row_running_max<<<dim3(width / kTile, height / kTile), dim3(kTile, kTile)>>>(img, out, width);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < width * height; ++i) sum += out[i];
  printf("row_running_max: sum %.0f\n", sum);
  CUDA_CHECK(cudaFree(img));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
