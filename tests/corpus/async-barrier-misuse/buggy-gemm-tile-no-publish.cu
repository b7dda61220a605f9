// Shared-memory tiled SGEMM (C = A * B, row-major, square tiles) that uses a
// pair of asynchronous barriers to double-buffer the A and B tiles. Thread 0
// initialises both barriers, but nothing publishes the init before the
// other threads start arriving on them.
#include <cuda/barrier>

using barrier_t = cuda::barrier<cuda::thread_scope_block>;

template <int TILE>
__global__ void sgemm_tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[2][TILE][TILE];
  __shared__ float Bs[2][TILE][TILE];
  __shared__ barrier_t stage[2];

  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;

  if (tx == 0 && ty == 0) {
    init(&stage[0], TILE * TILE);
    init(&stage[1], TILE * TILE);
  }

  float acc = 0.f;
  const int tiles = n / TILE;
  As[0][ty][tx] = A[row * n + tx];
  Bs[0][ty][tx] = B[ty * n + col];
  stage[0].arrive_and_wait(); // expect: async-barrier-misuse

  for (int t = 0; t < tiles; ++t) {
    const int cur = t & 1, nxt = cur ^ 1;
    if (t + 1 < tiles) {
      As[nxt][ty][tx] = A[row * n + (t + 1) * TILE + tx];
      Bs[nxt][ty][tx] = B[((t + 1) * TILE + ty) * n + col];
    }
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[cur][ty][k] * Bs[cur][k][tx];
    stage[nxt].arrive_and_wait();
  }
  C[row * n + col] = acc;
}

void sgemm(const float *A, const float *B, float *C, int n, cudaStream_t s) {
  dim3 block(16, 16);
  dim3 grid(n / 16, n / 16);
  sgemm_tiled<16><<<grid, block, 0, s>>>(A, B, C, n);
}
