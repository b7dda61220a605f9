// corpus-run:
// Split-K GEMM with a serial fix-up: the K dimension of each 16x16 output
// tile is cut into kSplits slices computed by different blocks (blockIdx.y);
// slice k waits on the tile's semaphore until it reads k, adds its partial
// product to C, and passes the semaphore on to slice k + 1. Before passing
// it on, the block fences with __threadfence_block(): that orders its
// stores to C before the semaphore for its own threads only. Slice k + 1
// is another block, which may take the semaphore and then read the C tile
// before slice k's sums reach it. The hand-over needs __threadfence().
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

// C (M x N) = A (M x K) * B (K x N), row-major; one 16x16 tile of C per
// blockIdx.x, one K slice per blockIdx.y.
__global__ void gemmSplitK(const float* A, const float* B, float* C, int M, int N, int K, int* semaphores) {
  int tilesN = N / kTile;
  int tile = blockIdx.x, split = blockIdx.y;
  int row = (tile / tilesN) * kTile + threadIdx.y;
  int col = (tile % tilesN) * kTile + threadIdx.x;
  int kLen = K / kSplits, k0 = split * kLen;
  float acc = 0.f;
  for (int k = k0; k < k0 + kLen; ++k) acc += A[row * K + k] * B[k * N + col];

  if (threadIdx.x == 0 && threadIdx.y == 0) {
    while (atomicAdd(&semaphores[tile], 0) != split) {
    }
    __threadfence();
  }
  __syncthreads();
  if (split > 0) acc += C[row * N + col];  // expect-run: scope-too-narrow
  C[row * N + col] = acc;  // expect-run-also: scope-too-narrow
  __threadfence_block();
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0) atomicExch(&semaphores[tile], split + 1);
}

int main() {
  constexpr int M = 32, N = 32, K = 256;
  static float h_A[M * K], h_B[K * N], h_C[M * N];
  for (int i = 0; i < M * K; ++i) h_A[i] = (float)(i % 5) * 0.5f;
  for (int i = 0; i < K * N; ++i) h_B[i] = (float)(i % 3) - 1.f;
  float *d_A, *d_B, *d_C;
  int* d_sem;
  constexpr int tiles = (M / kTile) * (N / kTile);
  CHECK(cudaMalloc(&d_A, sizeof h_A));
  CHECK(cudaMalloc(&d_B, sizeof h_B));
  CHECK(cudaMalloc(&d_C, sizeof h_C));
  CHECK(cudaMalloc(&d_sem, tiles * sizeof(int)));
  CHECK(cudaMemcpy(d_A, h_A, sizeof h_A, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_B, h_B, sizeof h_B, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_sem, 0, tiles * sizeof(int)));
  gemmSplitK<<<dim3(tiles, kSplits), dim3(kTile, kTile)>>>(d_A, d_B, d_C, M, N, K, d_sem);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_C, d_C, sizeof h_C, cudaMemcpyDeviceToHost));
  printf("gemmSplitK: %dx%dx%d, %d tiles, %d K slices\n", M, N, K, tiles, kSplits);
  fprintf(stderr, "C[0] = %f\n", h_C[0]);
  CHECK(cudaFree(d_A));
  CHECK(cudaFree(d_B));
  CHECK(cudaFree(d_C));
  CHECK(cudaFree(d_sem));
  return 0;
}
