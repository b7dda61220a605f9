// corpus-run:
// Shared-memory tiled SGEMM (C = A * B, 16x16 tiles, one thread per C
// element). The loop over K has the barrier between loading a tile and
// using it, but not the one that ends the loop body: a thread that finished
// its dot product stores the next tile of A and B while threads of its
// row (As) and of other warps (Bs) are still reading the current one. The
// run sees a write-after-read on each tile store.
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

constexpr int kTile = 16;

__global__ void sgemm(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[kTile][kTile];
  __shared__ float Bs[kTile][kTile];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += kTile) {
    As[ty][tx] = row < M && k0 + tx < K ? A[row * K + k0 + tx] : 0.f;  // expect-run: race-shared
    Bs[ty][tx] = k0 + ty < K && col < N ? B[(k0 + ty) * N + col] : 0.f;  // expect-run: race-shared
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kTile; ++k) acc += As[ty][k] * Bs[k][tx];
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

int main() {
  constexpr int M = 32, N = 32, K = 64;
  static float hA[M * K], hB[K * N], hC[M * N];
  for (int i = 0; i < M * K; ++i) hA[i] = (float)(i % 5) - 2.f;
  for (int i = 0; i < K * N; ++i) hB[i] = (float)(i % 3) - 1.f;
  float *dA, *dB, *dC;
  CHECK(cudaMalloc(&dA, sizeof hA));
  CHECK(cudaMalloc(&dB, sizeof hB));
  CHECK(cudaMalloc(&dC, sizeof hC));
  CHECK(cudaMemcpy(dA, hA, sizeof hA, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, hB, sizeof hB, cudaMemcpyHostToDevice));
  sgemm<<<dim3(N / kTile, M / kTile), dim3(kTile, kTile)>>>(dA, dB, dC, M, N, K);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hC, dC, sizeof hC, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      float want = 0.f;
      for (int k = 0; k < K; ++k) want += hA[r * K + k] * hB[k * N + c];
      wrong += hC[r * N + c] != want;
    }
  printf("sgemm: %dx%dx%d done\n", M, N, K);
  fprintf(stderr, "%d of %d elements wrong\n", wrong, M * N);
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dC));
  return 0;
}
