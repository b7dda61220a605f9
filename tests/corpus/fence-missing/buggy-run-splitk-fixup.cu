// corpus-run:
// Split-K GEMM with a parallel fix-up: C (16x16) is cut into four 8x8
// tiles and K into four slices; block (tile, split) multiplies its slice
// into a per-split workspace, then thread 0 bumps the tile's arrival
// counter. The block that arrives last for a tile fences and sums the
// four partial tiles into C. The arriving blocks do not fence between
// their workspace stores and the counter, so the last block can count a
// split whose partial tile has not reached memory yet.
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

constexpr int kM = 16, kN = 16, kK = 256, kTile = 8, kSplits = 4;
constexpr int kTilesN = kN / kTile, kTiles = (kM / kTile) * kTilesN, kTileElems = kTile * kTile;

__global__ void gemmSplitK(const float* A, const float* B, float* C, float* workspace, int* arrivals) {
  __shared__ bool lastSplit;
  const int tile = blockIdx.x, split = blockIdx.y;
  const int row = (tile / kTilesN) * kTile + threadIdx.x / kTile;
  const int col = (tile % kTilesN) * kTile + threadIdx.x % kTile;
  const int k0 = split * (kK / kSplits);
  float acc = 0.f;
  for (int k = k0; k < k0 + kK / kSplits; ++k) acc += A[row * kK + k] * B[k * kN + col];
  workspace[(split * kTiles + tile) * kTileElems + threadIdx.x] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    int arrived = atomicAdd(&arrivals[tile], 1);  // expect: fence-missing
    lastSplit = arrived == kSplits - 1;
  }
  __syncthreads();
  if (!lastSplit) return;
  __threadfence();
  float sum = 0.f;
  for (int s = 0; s < kSplits; ++s) sum += workspace[(s * kTiles + tile) * kTileElems + threadIdx.x];  // expect-run: fence-missing
  C[row * kN + col] = sum;
}

int main() {
  float *A, *B, *C, *workspace;
  int* arrivals;
  CHECK(cudaMallocManaged(&A, kM * kK * sizeof(float)));
  CHECK(cudaMallocManaged(&B, kK * kN * sizeof(float)));
  CHECK(cudaMallocManaged(&C, kM * kN * sizeof(float)));
  CHECK(cudaMalloc(&workspace, kSplits * kTiles * kTileElems * sizeof(float)));
  CHECK(cudaMalloc(&arrivals, kTiles * sizeof(int)));
  for (int i = 0; i < kM * kK; ++i) A[i] = (float)(i % 3);
  for (int i = 0; i < kK * kN; ++i) B[i] = (float)((i % 4) - 1);
  CHECK(cudaMemset(arrivals, 0, kTiles * sizeof(int)));
  gemmSplitK<<<dim3(kTiles, kSplits), kTileElems>>>(A, B, C, workspace, arrivals);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int r = 0; r < kM; ++r)
    for (int c = 0; c < kN; ++c) {
      float ref = 0.f;
      for (int k = 0; k < kK; ++k) ref += A[r * kK + k] * B[k * kN + c];
      if (C[r * kN + c] != ref) ++wrong;
    }
  printf("gemmSplitK: %dx%dx%d, %d splits\n", kM, kN, kK, kSplits);
  fprintf(stderr, "%d wrong elements\n", wrong);
  CHECK(cudaFree(A));
  CHECK(cudaFree(B));
  CHECK(cudaFree(C));
  CHECK(cudaFree(workspace));
  CHECK(cudaFree(arrivals));
  return 0;
}
