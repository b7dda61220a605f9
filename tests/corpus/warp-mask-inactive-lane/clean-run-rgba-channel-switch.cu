// corpus-run:
// Packed RGBA8 to planar float conversion with a per-channel transfer curve:
// each warp converts 8 pixels; lanes 0..7 handle red, 8..15 green, 16..23
// blue, 24..31 alpha. Each channel group writes its floats to a shared tile,
// and after the tile is complete every lane copies one value of another
// channel out. The switch only computes; the single __syncwarp() after it is
// reached by all 32 lanes.
#include <cstdint>
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

constexpr int kThreads = 64;

__global__ void rgba_to_planar(const uint32_t* px, float* planes, int npix) {
  __shared__ float tile[kThreads / 32][4][8];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int first = (blockIdx.x * (kThreads / 32) + warp) * 8;
  const int c = lane >> 3, p = lane & 7;
  const uint32_t word = px[first + p];
  const float v = (float)((word >> (8 * c)) & 0xffu) * (1.0f / 255.0f);
  switch (c) {
  case 0:
    tile[warp][0][p] = v * v;
    break;
  case 1:
    tile[warp][1][p] = v * v;
    break;
  case 2:
    tile[warp][2][p] = v * v;
    break;
  default:
    tile[warp][3][p] = v;  // alpha is linear
    break;
  }
  __syncwarp();
  const int oc = (c + 1) & 3;  // copy out the next channel's value
  planes[oc * npix + first + p] = tile[warp][oc][p];
}

int main() {
  const int blocks = 2, npix = blocks * (kThreads / 32) * 8;
  uint32_t* px;
  float* planes;
  CUDA_CHECK(cudaMallocManaged(&px, npix * sizeof(uint32_t)));
  CUDA_CHECK(cudaMallocManaged(&planes, 4 * npix * sizeof(float)));
  for (int i = 0; i < npix; ++i) px[i] = 0x01020304u * (uint32_t)(i + 1);
  rgba_to_planar<<<blocks, kThreads>>>(px, planes, npix);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < 4 * npix; ++i) sum += planes[i];
  printf("rgba_to_planar: sum %.4f\n", sum);
  CUDA_CHECK(cudaFree(px));
  CUDA_CHECK(cudaFree(planes));
  return 0;
}
