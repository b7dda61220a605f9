// Tiled SGEMM C = A * B with 16x16 shared-memory tiles, adapted from the
// textbook kernel for matrices whose sizes are not multiples of the tile.
// The bounds check was put around the whole body, so in the edge blocks the
// threads outside C skip the tile loop and its barriers while the others
// wait at them: __syncthreads() is reached under a thread-dependent
// condition. (The fix is to load zero-padded tiles in every thread and
// guard only the final store.)

#define TILE 16

__global__ void sgemm(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int M, int N,
                      int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;

  if (row < M && col < N) {
    float acc = 0.f;
    for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
      const int ka = t * TILE + tx, kb = t * TILE + ty;
      As[ty][tx] = ka < K ? A[(size_t)row * K + ka] : 0.f;
      Bs[ty][tx] = kb < K ? B[(size_t)kb * N + col] : 0.f;
      __syncthreads();  // expect: barrier-divergent
#pragma unroll
      for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
      __syncthreads();  // expect: barrier-divergent
    }
    C[(size_t)row * N + col] = acc;
  }
}

void launchSgemm(const float *A, const float *B, float *C, int M, int N, int K, cudaStream_t s) {
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  sgemm<<<grid, block, 0, s>>>(A, B, C, M, N, K);
}
