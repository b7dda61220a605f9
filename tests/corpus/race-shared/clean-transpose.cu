// corpus-run:
// Tiled matrix transpose through shared memory (the classic padded tile):
// the barrier orders the stores of the tile before the transposed reads,
// and the padding column only avoids bank conflicts.
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kTile = 32, kRows = 8;

__global__ void transpose(float* out, const float* in, int width, int height) {
  __shared__ float tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    if (x < height && y + j < width) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int w = 256, h = 128;
  float *in, *out;
  cudaMalloc(&in, w * h * sizeof(float));
  cudaMalloc(&out, w * h * sizeof(float));
  cudaMemset(in, 0, w * h * sizeof(float));
  transpose<<<dim3(w / kTile, h / kTile), dim3(kTile, kRows)>>>(out, in, w, h);
  cudaError_t err = cudaDeviceSynchronize();
  printf("transpose: %s\n", cudaGetErrorString(err));
  cudaFree(in);
  cudaFree(out);
  return err != cudaSuccess;
}
