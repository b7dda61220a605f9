// corpus-run:
// Split-K GEMM where the last K slice to finish a tile does the fix-up:
// each slice (blockIdx.y) stores its partial 16x16 tile in its own plane of
// the workspace, every thread fences with __threadfence(), and after a
// barrier thread 0 bumps the tile's arrival counter with a device-scope
// atomicAdd. The slice that brings the counter to kSplits fences again,
// sums the planes into C and resets the counter for the next GEMM. The
// counter is shared by the slices of a tile, which are different blocks,
// so everything on it has device scope.
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

constexpr int kTile = 16, kSplits = 4;

__global__ void gemmSplitKReduce(const float* A, const float* B, float* C, float* workspace, int M, int N, int K,
                                 unsigned int* tileArrivals) {
  __shared__ bool lastSlice;
  int tilesN = N / kTile;
  int tile = blockIdx.x, split = blockIdx.y;
  int row = (tile / tilesN) * kTile + threadIdx.y;
  int col = (tile % tilesN) * kTile + threadIdx.x;
  int kLen = K / kSplits, k0 = split * kLen;
  float acc = 0.f;
  for (int k = k0; k < k0 + kLen; ++k) acc += A[row * K + k] * B[k * N + col];
  workspace[(size_t)split * M * N + row * N + col] = acc;
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0)
    lastSlice = atomicAdd(&tileArrivals[tile], 1u) == kSplits - 1;
  __syncthreads();
  if (!lastSlice) return;
  __threadfence();
  float sum = 0.f;
  for (int s = 0; s < kSplits; ++s) sum += workspace[(size_t)s * M * N + row * N + col];
  C[row * N + col] = sum;
  if (threadIdx.x == 0 && threadIdx.y == 0) tileArrivals[tile] = 0;
}

int main() {
  constexpr int M = 32, N = 32, K = 256;
  constexpr int tiles = (M / kTile) * (N / kTile);
  static float h_A[M * K], h_B[K * N], h_C[M * N];
  for (int i = 0; i < M * K; ++i) h_A[i] = (float)(i % 4);
  for (int i = 0; i < K * N; ++i) h_B[i] = (float)(i % 3) - 1.f;
  float *d_A, *d_B, *d_C, *d_ws;
  unsigned int* d_arrivals;
  CHECK(cudaMalloc(&d_A, sizeof h_A));
  CHECK(cudaMalloc(&d_B, sizeof h_B));
  CHECK(cudaMalloc(&d_C, sizeof h_C));
  CHECK(cudaMalloc(&d_ws, (size_t)kSplits * M * N * sizeof(float)));
  CHECK(cudaMalloc(&d_arrivals, tiles * sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_A, h_A, sizeof h_A, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_B, h_B, sizeof h_B, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_arrivals, 0, tiles * sizeof(unsigned int)));
  gemmSplitKReduce<<<dim3(tiles, kSplits), dim3(kTile, kTile)>>>(d_A, d_B, d_C, d_ws, M, N, K, d_arrivals);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_C, d_C, sizeof h_C, cudaMemcpyDeviceToHost));
  double checksum = 0.0;
  for (int i = 0; i < M * N; ++i) checksum += h_C[i];
  printf("gemmSplitKReduce: %dx%dx%d, %d tiles, %d K slices, checksum %.0f\n", M, N, K, tiles, kSplits, checksum);
  CHECK(cudaFree(d_A));
  CHECK(cudaFree(d_B));
  CHECK(cudaFree(d_C));
  CHECK(cudaFree(d_ws));
  CHECK(cudaFree(d_arrivals));
  return 0;
}
