// Multistage SGEMM tile loop with cp.async (CUTLASS-style wrappers):
// STAGES - 1 tiles are prefetched, each iteration waits until at most
// STAGES - 2 groups are pending, so the stage computed on is complete,
// and refills the stage freed last iteration.
#include <cstdint>

constexpr int kStages = 4;
constexpr int kTileM = 32, kTileN = 32, kTileK = 32;

__device__ __forceinline__ void cp_async_16(void* smem, const void* gmem, bool pred) {
  unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  int bytes = pred ? 16 : 0;
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(addr), "l"(gmem), "r"(bytes));
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N> __device__ __forceinline__ void cp_async_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

__global__ void sgemm_multistage(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C,
                                 int M, int N, int K) {
  __shared__ __align__(16) float As[kStages][kTileM][kTileK];
  __shared__ __align__(16) float Bs[kStages][kTileK][kTileN];
  int tid = threadIdx.x;                    // 256 threads
  int ty = tid / 16, tx = tid % 16;
  int ld_row = tid / 8, ld_col = (tid % 8) * 4;
  int block_row = blockIdx.y * kTileM, block_col = blockIdx.x * kTileN;
  int ktiles = (K + kTileK - 1) / kTileK;

  auto load_stage = [&](int stage, int kt) {
    int k0 = kt * kTileK;
    bool a_ok = block_row + ld_row < M && k0 + ld_col < K;
    bool b_ok = k0 + ld_row < K && block_col + ld_col < N;
    cp_async_16(&As[stage][ld_row][ld_col], A + (size_t)(block_row + ld_row) * K + k0 + ld_col, a_ok);
    cp_async_16(&Bs[stage][ld_row][ld_col], B + (size_t)(k0 + ld_row) * N + block_col + ld_col, b_ok);
  };

#pragma unroll
  for (int s = 0; s < kStages - 1; ++s) {
    if (s < ktiles) load_stage(s, s);
    cp_async_commit();
  }

  float acc[2][2] = {{0.f, 0.f}, {0.f, 0.f}};
  for (int kt = 0; kt < ktiles; ++kt) {
    cp_async_wait<kStages - 2>();
    __syncthreads();
    int next = kt + kStages - 1;
    if (next < ktiles) load_stage(next % kStages, next);
    cp_async_commit();
    int stage = kt % kStages;
#pragma unroll 4
    for (int k = 0; k < kTileK; ++k) {
      float a0 = As[stage][ty * 2][k], a1 = As[stage][ty * 2 + 1][k];
      float b0 = Bs[stage][k][tx * 2], b1 = Bs[stage][k][tx * 2 + 1];
      acc[0][0] += a0 * b0;
      acc[0][1] += a0 * b1;
      acc[1][0] += a1 * b0;
      acc[1][1] += a1 * b1;
    }
  }
  cp_async_wait<0>();
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      int r = block_row + ty * 2 + i, c = block_col + tx * 2 + j;
      if (r < M && c < N) C[(size_t)r * N + c] = acc[i][j];
    }
}
