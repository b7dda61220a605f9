// Split-K SGEMM with in-kernel fix-up: the K dimension of each C tile is
// split over gridDim.z blocks; each writes its partial tile to a workspace
// and increments the tile's semaphore, and the last split to arrive sums
// the partial tiles into C. The producer's fence is missing.
#include <cuda_runtime.h>

#define TILE 16

__global__ void sgemmSplitK(const float *A, const float *B, float *C, float *workspace, int *tileCounters, int M,
                            int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  __shared__ int arrivedLast;
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  int splits = gridDim.z;
  int kPerSplit = (K + splits - 1) / splits;
  int kBegin = blockIdx.z * kPerSplit;
  int kEnd = min(K, kBegin + kPerSplit);

  float acc = 0.f;
  for (int k0 = kBegin; k0 < kEnd; k0 += TILE) {
    As[threadIdx.y][threadIdx.x] = (row < M && k0 + threadIdx.x < kEnd) ? A[row * K + k0 + threadIdx.x] : 0.f;
    Bs[threadIdx.y][threadIdx.x] = (col < N && k0 + threadIdx.y < kEnd) ? B[(k0 + threadIdx.y) * N + col] : 0.f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }

  int tile = blockIdx.y * gridDim.x + blockIdx.x;
  size_t tileElems = size_t(TILE) * TILE;
  float *myPartial = workspace + (size_t(tile) * splits + blockIdx.z) * tileElems;
  myPartial[threadIdx.y * TILE + threadIdx.x] = acc;
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0)
    arrivedLast = atomicAdd(&tileCounters[tile], 1) == splits - 1; // expect: fence-missing
  __syncthreads();
  if (!arrivedLast) return;

  __threadfence();
  float sum = 0.f;
  for (int s = 0; s < splits; ++s)
    sum += workspace[(size_t(tile) * splits + s) * tileElems + threadIdx.y * TILE + threadIdx.x];
  if (row < M && col < N) C[row * N + col] = sum;
  if (threadIdx.x == 0 && threadIdx.y == 0) tileCounters[tile] = 0;
}

void gemm(const float *A, const float *B, float *C, float *ws, int *counters, int M, int N, int K, int splits) {
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, splits);
  sgemmSplitK<<<grid, block>>>(A, B, C, ws, counters, M, N, K);
}
