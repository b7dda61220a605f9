// Multi-stage pipelined GEMM whose number of shared-memory stages depends
// on the architecture (more stages where there is more shared memory).
// The host opts the kernel into its dynamic shared memory size and
// launches it with SMEM_BYTES, which expands STAGES with __CUDA_ARCH__
// undefined: the host always requests the 2-stage size, while the sm_80+
// kernel indexes 4 stages of shared memory, past the end of what it got.
#include <cuda_runtime.h>

#define TILE 64
#define TILE_K 32
#if __CUDA_ARCH__ >= 800
#define STAGES 4
#else
#define STAGES 2
#endif
#define SMEM_BYTES (STAGES * 2 * TILE * TILE_K * sizeof(float))

__global__ void gemmPipelined(const float *A, const float *B, float *C, int M, int N, int K) {
  extern __shared__ float smem[];
  float *As = smem, *Bs = smem + STAGES * TILE * TILE_K;
  const int tx = threadIdx.x % TILE, ty = threadIdx.x / TILE;
  float acc = 0.f;
  for (int k0 = 0, stage = 0; k0 < K; k0 += TILE_K, stage = (stage + 1) % STAGES) {
    for (int kk = ty; kk < TILE_K; kk += blockDim.x / TILE) {
      const int gm = blockIdx.y * TILE + tx, gn = blockIdx.x * TILE + tx, gk = k0 + kk;
      As[(stage * TILE_K + kk) * TILE + tx] = gm < M && gk < K ? A[(size_t)gm * K + gk] : 0.f;
      Bs[(stage * TILE_K + kk) * TILE + tx] = gn < N && gk < K ? B[(size_t)gk * N + gn] : 0.f;
    }
    __syncthreads();
    for (int kk = 0; kk < TILE_K; ++kk) acc += As[(stage * TILE_K + kk) * TILE + ty] * Bs[(stage * TILE_K + kk) * TILE + tx];
    __syncthreads();
  }
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  if (row < M && col < N) C[(size_t)row * N + col] = acc;
}

cudaError_t gemm(const float *A, const float *B, float *C, int M, int N, int K, cudaStream_t s) {
  cudaError_t err = cudaFuncSetAttribute(gemmPipelined, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES); // expect: arch-macro-in-host-code
  if (err != cudaSuccess) return err;
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  gemmPipelined<<<grid, 256, SMEM_BYTES, s>>>(A, B, C, M, N, K); // expect: arch-macro-in-host-code
  return cudaGetLastError();
}
