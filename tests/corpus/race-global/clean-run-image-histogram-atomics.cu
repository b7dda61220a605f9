// corpus-run:
// 256-bin histogram of an 8-bit grayscale image, plus its brightest pixel.
// A 2-D grid-stride loop over the image; each block first counts into a
// private copy of the bins in shared memory, then merges its non-zero bins
// into the global histogram with atomicAdd, and the global maximum is kept
// with atomicMax.
//
// Clean: every global word that several threads update (hist[bin],
// *brightest) is only ever touched with atomics in this launch, and
// atomics of one word are ordered with each other. The image is only read.
// The counts do not depend on the order of the atomics, and the host reads
// the result after the launch.
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

constexpr int kWidth = 640, kHeight = 360, kBins = 256;

__global__ void histogram_u8(const unsigned char* img, int width, int height, size_t pitch,
                             unsigned* hist, unsigned* brightest) {
  __shared__ unsigned local[kBins];
  const int tid = threadIdx.y * blockDim.x + threadIdx.x, nthreads = blockDim.x * blockDim.y;
  for (int b = tid; b < kBins; b += nthreads) local[b] = 0;
  __syncthreads();
  unsigned top = 0;
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < height; y += gridDim.y * blockDim.y) {
    const unsigned char* row = img + y * pitch;
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < width; x += gridDim.x * blockDim.x) {
      const unsigned v = row[x];
      atomicAdd(&local[v], 1u);
      top = max(top, v);
    }
  }
  __syncthreads();
  for (int b = tid; b < kBins; b += nthreads)
    if (local[b]) atomicAdd(&hist[b], local[b]);
  atomicMax(brightest, top);
}

int main() {
  unsigned char* img;
  unsigned *hist, *brightest;
  CHECK(cudaMallocManaged(&img, (size_t)kWidth * kHeight));
  CHECK(cudaMallocManaged(&hist, kBins * sizeof(unsigned)));
  CHECK(cudaMallocManaged(&brightest, sizeof(unsigned)));
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) img[y * kWidth + x] = (unsigned char)((x * x + 3 * y) % 251);
  CHECK(cudaMemset(hist, 0, kBins * sizeof(unsigned)));
  CHECK(cudaMemset(brightest, 0, sizeof(unsigned)));
  histogram_u8<<<dim3(8, 6), dim3(32, 8)>>>(img, kWidth, kHeight, kWidth, hist, brightest);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  unsigned total = 0, mode = 0;
  for (int b = 0; b < kBins; ++b) {
    total += hist[b];
    if (hist[b] > hist[mode]) mode = b;
  }
  printf("histogram: %u pixels, mode %u (%u pixels), brightest %u\n", total, mode, hist[mode],
         *brightest);
  CHECK(cudaFree(img));
  CHECK(cudaFree(hist));
  CHECK(cudaFree(brightest));
  return 0;
}
