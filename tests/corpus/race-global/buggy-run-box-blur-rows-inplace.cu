// corpus-run:
// Horizontal 3-tap box blur of a grayscale image, applied in place to save a
// second image buffer: one block per row, its threads striding over the
// columns, each thread replacing row[x] by the mean of row[x-1], row[x],
// row[x+1] (edges clamped).
//
// Bug: an in-place stencil needs every thread to read its neighbours before
// any thread overwrites them. Here thread x reads row[x+1] while thread x+1
// (of the same warp or the next warp of the block) may already have stored
// its blurred value there, and stores row[x] while thread x-1 may still be
// about to read it: the threads of one block race on global memory, with no
// __syncthreads() between the loads and the stores (read it into registers,
// barrier, then write, or blur into another buffer).
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

constexpr int kWidth = 320, kHeight = 48, kThreads = 128;

__global__ void blur_rows_inplace(float* img, int width) {
  float* row = img + (size_t)blockIdx.x * width;
  for (int x = threadIdx.x; x < width; x += blockDim.x) {
    const float left = row[x > 0 ? x - 1 : x], right = row[x + 1 < width ? x + 1 : x];
    const float mean = (left + row[x] + right) * (1.f / 3.f);
    row[x] = mean;  // expect-run: race-global
  }
}

int main() {
  float* img;
  const size_t bytes = (size_t)kWidth * kHeight * sizeof(float);
  CHECK(cudaMallocManaged(&img, bytes));
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) img[y * kWidth + x] = (float)(((x / 8) + (y / 8)) % 2) * 255.f;
  blur_rows_inplace<<<kHeight, kThreads>>>(img, kWidth);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < kWidth * kHeight; ++i) sum += img[i];
  printf("blur: %dx%d image, one block per row\n", kWidth, kHeight);
  fprintf(stderr, "pixel sum %.2f (depends on the order of the threads)\n", sum);
  CHECK(cudaFree(img));
  return 0;
}
