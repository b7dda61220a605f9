// Register-blocked SGEMM tile kernel: each wavefront computes a strip of
// rows of the 32x64 C tile, each lane TILE_N / warpSize of its columns.
// The port checks the tile shape against the wave size with a
// static_assert and sizes each thread's accumulators with warpSize. Both
// need warpSize as a compile-time constant, which it is not since ROCm 7;
// before that, every pass of the build saw one fixed value.
#include <hip/hip_runtime.h>

#define TILE_M 32
#define TILE_N 64
#define TILE_K 16
#define THREADS 256

__global__ void __launch_bounds__(THREADS) sgemmTile(const float *A, const float *B, float *C, int M, int N, int K) {
  static_assert(TILE_N % warpSize == 0, "a wavefront must cover whole rows of the tile"); // expect: hip-warpsize-constexpr
  __shared__ float As[TILE_K][TILE_M];
  __shared__ float Bs[TILE_K][TILE_N];
  float acc[TILE_M * warpSize / THREADS][TILE_N / warpSize] = {}; // expect: hip-warpsize-constexpr
  const int rowsPerWave = TILE_M * warpSize / THREADS;
  const int lane = threadIdx.x % warpSize, wave = threadIdx.x / warpSize;

  for (int k0 = 0; k0 < K; k0 += TILE_K) {
    for (int i = threadIdx.x; i < TILE_K * TILE_M; i += THREADS) {
      const int kk = i / TILE_M, m = i % TILE_M, gm = blockIdx.y * TILE_M + m;
      As[kk][m] = gm < M && k0 + kk < K ? A[(size_t)gm * K + k0 + kk] : 0.f;
    }
    for (int i = threadIdx.x; i < TILE_K * TILE_N; i += THREADS) {
      const int kk = i / TILE_N, nn = i % TILE_N, gn = blockIdx.x * TILE_N + nn;
      Bs[kk][nn] = gn < N && k0 + kk < K ? B[(size_t)(k0 + kk) * N + gn] : 0.f;
    }
    __syncthreads();
    for (int kk = 0; kk < TILE_K; ++kk)
      for (int r = 0; r < rowsPerWave; ++r)
        for (int j = 0; j < TILE_N / warpSize; ++j)
          acc[r][j] += As[kk][wave * rowsPerWave + r] * Bs[kk][j * warpSize + lane];
    __syncthreads();
  }
  for (int r = 0; r < rowsPerWave; ++r)
    for (int j = 0; j < TILE_N / warpSize; ++j) {
      const int gm = blockIdx.y * TILE_M + wave * rowsPerWave + r, gn = blockIdx.x * TILE_N + j * warpSize + lane;
      if (gm < M && gn < N) C[(size_t)gm * N + gn] = acc[r][j];
    }
}
