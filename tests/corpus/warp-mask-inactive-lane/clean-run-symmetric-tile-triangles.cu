// corpus-run:
// Symmetrising 32x32 tiles of a matrix (out = upper triangle mirrored):
// blocks are 32x8 threads, so threadIdx.x is the lane and each warp holds
// one row of the tile at a time. Lanes on or above the diagonal keep their
// element, lanes below it take the mirrored one; the row goes through a
// per-warp shared buffer so that the stores stay coalesced. The triangle
// test splits the warp only for the loads: the __syncwarp() after the
// if/else is reached by all 32 lanes.
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

constexpr int kTile = 32, kRowsPerPass = 8;

__global__ void symmetrize(const float* a, float* out, int n) {
  __shared__ float rowbuf[kRowsPerPass][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tile_r = blockIdx.y * kTile, tile_c = blockIdx.x * kTile;
  for (int r = ty; r < kTile; r += kRowsPerPass) {
    const int gr = tile_r + r, gc = tile_c + tx;
    if (gc >= gr) {
      rowbuf[ty][tx] = a[gr * n + gc];
    } else {
      rowbuf[ty][tx] = a[gc * n + gr];
    }
    __syncwarp();
    out[gr * n + tile_c + (kTile - 1 - tx)] = rowbuf[ty][kTile - 1 - tx];
    __syncwarp();
  }
}

int main() {
  const int n = 64;
  float *a, *out;
  CUDA_CHECK(cudaMallocManaged(&a, n * n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, n * n * sizeof(float)));
  for (int i = 0; i < n * n; ++i) a[i] = (float)((i * 17) % 41);
  symmetrize<<<dim3(n / kTile, n / kTile), dim3(kTile, kRowsPerPass)>>>(a, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int asym = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) asym += out[i * n + j] != out[j * n + i];
  printf("symmetrize: %d asymmetric entries\n", asym);
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
