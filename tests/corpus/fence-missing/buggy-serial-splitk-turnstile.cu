// Serial split-K reduction ("turnstile"): the K splits of a C tile add
// their partial tile into C in order. Split k spins until the tile's
// turnstile shows k, accumulates into C, and advances the turnstile. The
// accumulation's stores can still be in flight when the next split sees the
// new turnstile value, and the next split reads C without a fence.
#include <cuda_runtime.h>

#define TILE 16

__device__ void waitTurn(volatile int *turn, int k) {
  while (*turn != k) {
  }
}

__global__ void splitKSerial(const float *A, const float *B, float *C, int *turnstiles, int M, int N, int K) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  const int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  const int splits = gridDim.z, split = blockIdx.z;
  const int kLen = K / splits, k0 = split * kLen;
  float acc = 0.f;
  for (int kk = k0; kk < k0 + kLen; kk += TILE) {
    As[threadIdx.y][threadIdx.x] = A[row * K + kk + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(kk + threadIdx.y) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  const int tile = blockIdx.y * gridDim.x + blockIdx.x;
  volatile int *turn = turnstiles + tile;
  if (threadIdx.x == 0 && threadIdx.y == 0) waitTurn(turn, split);
  __syncthreads();
  if (split == 0)
    C[row * N + col] = acc;
  else
    C[row * N + col] = C[row * N + col] + acc; // expect: fence-missing
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0) *turn = split + 1 == splits ? 0 : split + 1; // expect: fence-missing
}
