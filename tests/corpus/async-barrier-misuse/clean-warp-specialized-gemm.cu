// Warp-specialised GEMM main loop: warp 0 loads A/B tiles into a two-stage
// ring, the remaining warps compute. Each stage has a `full` barrier (the
// loader thread plus every consumer arrive) and an `empty` barrier (the
// consumers arrive; the loader waits on its parity). Counts differ per
// barrier and neither is "every thread".
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kStages = 2;
constexpr int kTileK = 32;
constexpr int kTileMN = 64;

__global__ void ws_gemm(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[kStages][kTileMN][kTileK];
  __shared__ float Bs[kStages][kTileK][kTileMN];
  __shared__ barrier full[kStages], empty[kStages];

  const int warp = threadIdx.x / 32;
  const int consumers = blockDim.x - 32;
  if (threadIdx.x == 0) {
    for (int s = 0; s < kStages; ++s) {
      init(&full[s], consumers + 1);
      init(&empty[s], consumers);
    }
  }
  __syncthreads();

  const int tiles = K / kTileK;
  const int row0 = blockIdx.y * kTileMN, col0 = blockIdx.x * kTileMN;
  if (warp == 0) {
    // Producer warp: lane 0 copies, then signals `full`.
    for (int t = 0; t < tiles; ++t) {
      const int s = t % kStages;
      if (t >= kStages) empty[s].wait_parity(((t / kStages) - 1) & 1);
      if (threadIdx.x == 0) {
        for (int r = 0; r < kTileMN; ++r)
          for (int k = 0; k < kTileK; ++k) {
            As[s][r][k] = A[(row0 + r) * K + t * kTileK + k];
            Bs[s][k][r] = B[(t * kTileK + k) * N + col0 + r];
          }
        (void)full[s].arrive();
      }
    }
  } else {
    const int c = threadIdx.x - 32;
    const int r = c / kTileMN, col = c % kTileMN;
    float acc = 0.f;
    for (int t = 0; t < tiles; ++t) {
      const int s = t % kStages;
      full[s].arrive_and_wait();
      for (int k = 0; k < kTileK; ++k) acc += As[s][r][k] * Bs[s][k][col];
      (void)empty[s].arrive();
    }
    if (row0 + r < M) C[(row0 + r) * N + col0 + col] = acc;
  }
}
