// Two-stage cp.async SGEMM main loop. The prefetch of tile k+1 and its
// commit are both under `if (kt + 1 < ktiles)`, so the last iteration
// commits nothing new and `cp.async.wait_group 1` still leaves one group in
// flight: the final tile, which is exactly the one computed on.
#include <cstdint>

constexpr int kTile = 16;

__device__ __forceinline__ void cp_async4(float *smem, const float *gmem) {
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(dst), "l"(gmem));
}

__global__ void sgemm_2stage(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int n) {
  __shared__ float As[2][kTile][kTile];
  __shared__ float Bs[2][kTile][kTile];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  const int ktiles = n / kTile;

  cp_async4(&As[0][ty][tx], &A[row * n + tx]);
  cp_async4(&Bs[0][ty][tx], &B[ty * n + col]);
  asm volatile("cp.async.commit_group;\n" ::);

  float acc = 0.f;
  for (int kt = 0; kt < ktiles; ++kt) {
    const int cur = kt & 1;
    if (kt + 1 < ktiles) {
      cp_async4(&As[cur ^ 1][ty][tx], &A[row * n + (kt + 1) * kTile + tx]);
      cp_async4(&Bs[cur ^ 1][ty][tx], &B[((kt + 1) * kTile + ty) * n + col]);
      asm volatile("cp.async.commit_group;\n" ::);
    }
    asm volatile("cp.async.wait_group 1;\n" ::);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kTile; ++k) acc += As[cur][ty][k] * Bs[cur][k][tx]; // expect: async-copy-read-before-wait
    __syncthreads();
  }
  C[row * n + col] = acc;
}
