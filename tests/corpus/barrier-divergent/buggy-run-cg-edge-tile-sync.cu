// corpus-run:
// Gradient magnitude of an image, 32x4 tiles through shared memory, plus
// the largest gradient of each tile. The image height (22) is not a
// multiple of the tile, and the kernel wraps the whole tile stage in the
// bounds check: in the bottom tiles the rows outside the image skip the
// block.sync() that publishes the tile and wait at the later block.sync()
// of the per-tile maximum, so the block meets at two different barriers.
// The run reports the pair at the second block.sync().
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kTx = 32, kTy = 4;

__global__ void tileGradient(const float* img, float* grad, float* tileMax, int w, int h) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[kTy][kTx];
  __shared__ float red[kTy * kTx];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * kTx + tx, y = blockIdx.y * kTy + ty;
  float g = 0.f;
  if (x < w && y < h) {
    tile[ty][tx] = img[y * w + x];
    block.sync();  // expect: barrier-divergent
    float gx = tile[ty][min(tx + 1, kTx - 1)] - tile[ty][max(tx - 1, 0)];
    float gy = tile[min(ty + 1, kTy - 1)][tx] - tile[max(ty - 1, 0)][tx];
    g = sqrtf(gx * gx + gy * gy);
    grad[y * w + x] = g;
  }
  red[ty * kTx + tx] = g;
  block.sync();  // expect-run: barrier-divergent
  if (block.thread_rank() == 0) {
    float m = 0.f;
    for (int k = 0; k < kTx * kTy; ++k) m = fmaxf(m, red[k]);
    tileMax[blockIdx.y * gridDim.x + blockIdx.x] = m;
  }
}

int main() {
  constexpr int w = 64, h = 22;
  const dim3 grid((w + kTx - 1) / kTx, (h + kTy - 1) / kTy), threads(kTx, kTy);
  constexpr int tiles = ((w + kTx - 1) / kTx) * ((h + kTy - 1) / kTy);
  static float h_img[w * h], h_max[tiles];
  for (int i = 0; i < w * h; ++i) h_img[i] = (float)(((i % w) * (i / w)) % 9);
  float *d_img, *d_grad, *d_max;
  CHECK(cudaMalloc(&d_img, sizeof h_img));
  CHECK(cudaMalloc(&d_grad, w * h * sizeof(float)));
  CHECK(cudaMalloc(&d_max, sizeof h_max));
  CHECK(cudaMemcpy(d_img, h_img, sizeof h_img, cudaMemcpyHostToDevice));
  tileGradient<<<grid, threads>>>(d_img, d_grad, d_max, w, h);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_max, d_max, sizeof h_max, cudaMemcpyDeviceToHost));
  printf("tileGradient: %d tiles\n", tiles);
  for (int t = 0; t < tiles; ++t) fprintf(stderr, "tile %d max %.3f\n", t, h_max[t]);
  CHECK(cudaFree(d_img));
  CHECK(cudaFree(d_grad));
  CHECK(cudaFree(d_max));
  return 0;
}
