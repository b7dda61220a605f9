// Tensor-core (WMMA) half-precision GEMM, one warp per 16x16 output tile,
// the A and B panels staged with __pipeline_memcpy_async. The wait was put
// after the fragment loads instead of before them, so load_matrix_sync reads
// shared memory the copies are still filling.
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>
using namespace nvcuda;

constexpr int kM = 16, kN = 16, kK = 16;

__global__ void wmma_gemm(const half *__restrict__ A, const half *__restrict__ B, float *__restrict__ C, int M, int N,
                          int K) {
  __shared__ __align__(32) half As[kM * kK];
  __shared__ __align__(32) half Bs[kK * kN];
  const int lane = threadIdx.x;  // one warp per block
  const int tileRow = blockIdx.y * kM, tileCol = blockIdx.x * kN;

  wmma::fragment<wmma::matrix_a, kM, kN, kK, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, kM, kN, kK, half, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, kM, kN, kK, float> c;
  wmma::fill_fragment(c, 0.f);

  for (int k0 = 0; k0 < K; k0 += kK) {
    // 256 halves per panel, 8 halves (16 bytes) per copy, 32 lanes.
    const int r = lane / 2, cofs = (lane % 2) * 8;
    __pipeline_memcpy_async(&As[r * kK + cofs], &A[(size_t)(tileRow + r) * K + k0 + cofs], 16);
    __pipeline_memcpy_async(&Bs[r * kN + cofs], &B[(size_t)(k0 + r) * N + tileCol + cofs], 16);
    __pipeline_commit();
    wmma::load_matrix_sync(a, As, kK); // expect: async-copy-read-before-wait
    wmma::load_matrix_sync(b, Bs, kN); // expect: async-copy-read-before-wait
    __pipeline_wait_prior(0);
    __syncwarp();
    wmma::mma_sync(c, a, b, c);
    __syncwarp();
  }
  wmma::store_matrix_sync(C + (size_t)tileRow * N + tileCol, c, N, wmma::mem_row_major);
}
