// corpus-run:
// 3x3 box blur of an image through 32x4 shared-memory tiles with a one-pixel
// apron. The grid is rounded up generously, so whole blocks can fall
// outside the image: they return at once, before any barrier (the test uses
// only blockIdx, so it is the same for all threads of the block). Inside a
// block, threads whose pixel is outside the image still load a clamped
// pixel and reach the barrier; only the final store is guarded.
#include <cstdio>
#include <cuda_runtime.h>

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

__device__ __forceinline__ float pixel(const float* img, int x, int y, int w, int h) {
  return img[min(max(y, 0), h - 1) * w + min(max(x, 0), w - 1)];
}

__global__ void boxBlur(const float* img, float* out, int w, int h) {
  __shared__ float tile[kTy + 2][kTx + 2];
  if (blockIdx.x * kTx >= w || blockIdx.y * kTy >= h) return;  // block entirely outside
  int tx = threadIdx.x, ty = threadIdx.y;
  int x0 = blockIdx.x * kTx - 1, y0 = blockIdx.y * kTy - 1;
  // The (kTy + 2) x (kTx + 2) apron tile, loaded cooperatively.
  for (int k = ty * kTx + tx; k < (kTy + 2) * (kTx + 2); k += kTx * kTy)
    tile[k / (kTx + 2)][k % (kTx + 2)] = pixel(img, x0 + k % (kTx + 2), y0 + k / (kTx + 2), w, h);
  __syncthreads();
  float acc = 0.f;
  for (int dy = 0; dy < 3; ++dy)
    for (int dx = 0; dx < 3; ++dx) acc += tile[ty + dy][tx + dx];
  int x = x0 + 1 + tx, y = y0 + 1 + ty;
  if (x < w && y < h) out[y * w + x] = acc / 9.f;
}

int main() {
  constexpr int w = 64, h = 14;
  static float h_img[w * h], h_out[w * h];
  for (int i = 0; i < w * h; ++i) h_img[i] = (float)((i % w + 3 * (i / w)) % 8);
  float *d_img, *d_out;
  CHECK(cudaMalloc(&d_img, sizeof h_img));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMemcpy(d_img, h_img, sizeof h_img, cudaMemcpyHostToDevice));
  dim3 grid(w / kTx + 1, (h + kTy - 1) / kTy + 1);  // one spare column and row of blocks
  boxBlur<<<grid, dim3(kTx, kTy)>>>(d_img, d_out, w, h);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < w * h; ++i) sum += h_out[i];
  printf("boxBlur: checksum %.3f\n", sum);
  CHECK(cudaFree(d_img));
  CHECK(cudaFree(d_out));
  return 0;
}
