// corpus-args: --cuda-arch=sm_80,sm_90
// SGEMM with the tile size as a template argument, chosen by a macro that
// tests __CUDA_ARCH__ (a bigger tile where there is more shared memory).
// The host launch expands TILE_DIM with __CUDA_ARCH__ undefined: it
// launches sgemm<32>, while the sm_80 and sm_90 passes, parsing the same
// launch, instantiate sgemm<64>. No device code exists for sgemm<32>, and
// the host's grid is computed for 32x32 tiles anyway.
#include <cuda_runtime.h>

#if __CUDA_ARCH__ >= 800
#define TILE_DIM 64
#else
#define TILE_DIM 32
#endif

template <int T>
__global__ void sgemm(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[T][T / 4], Bs[T / 4][T];
  const int row = blockIdx.y * T + threadIdx.y * 4, col = blockIdx.x * T + threadIdx.x;
  float acc[4] = {0.f, 0.f, 0.f, 0.f};
  for (int k0 = 0; k0 < K; k0 += T / 4) {
    for (int r = 0; r < 4; ++r) {
      const int k = k0 + threadIdx.x % (T / 4);
      if (threadIdx.x < T / 4) As[threadIdx.y * 4 + r][threadIdx.x] = row + r < M && k < K ? A[(size_t)(row + r) * K + k] : 0.f;
    }
    if (threadIdx.y < T / 4) Bs[threadIdx.y][threadIdx.x] = k0 + threadIdx.y < K && col < N ? B[(size_t)(k0 + threadIdx.y) * N + col] : 0.f;
    __syncthreads();
    for (int kk = 0; kk < T / 4; ++kk)
      for (int r = 0; r < 4; ++r) acc[r] += As[threadIdx.y * 4 + r][kk] * Bs[kk][threadIdx.x];
    __syncthreads();
  }
  for (int r = 0; r < 4; ++r)
    if (row + r < M && col < N) C[(size_t)(row + r) * N + col] = acc[r];
}

void gemm(const float *A, const float *B, float *C, int M, int N, int K, cudaStream_t s) {
  dim3 block(TILE_DIM, TILE_DIM / 4), grid((N + TILE_DIM - 1) / TILE_DIM, (M + TILE_DIM - 1) / TILE_DIM); // expect: arch-macro-in-host-code
  sgemm<TILE_DIM><<<grid, block, 0, s>>>(A, B, C, M, N, K); // expect: arch-dependent-instantiation, arch-macro-in-host-code
}
