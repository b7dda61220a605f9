// Workspace for a split-K reduction sized by a macro chain:
// SPLITK_WORKSPACE_BYTES uses SPLIT_K, which is chosen by __CUDA_ARCH__.
// The device code writes SPLIT_K partial tiles for its architecture (8 on
// sm_80+), but the host allocates with SPLIT_K expanded in host code (4),
// so on Ampere and Hopper the kernel writes past the end of the buffer.
#include <cuda_runtime.h>

#define TILE_ELEMS (128 * 128)
#if __CUDA_ARCH__ >= 800
#define SPLIT_K 8
#else
#define SPLIT_K 4
#endif
#define SPLITK_WORKSPACE_BYTES(tiles) ((size_t)(tiles) * SPLIT_K * TILE_ELEMS * sizeof(float))

__global__ void splitKPartial(const float *A, const float *B, float *workspace, int K) {
  const int tile = blockIdx.x, split = blockIdx.y;
  const int kPer = (K + SPLIT_K - 1) / SPLIT_K;
  float *out = workspace + ((size_t)tile * SPLIT_K + split) * TILE_ELEMS;
  for (int e = threadIdx.x; e < TILE_ELEMS; e += blockDim.x) {
    float acc = 0.f;
    for (int k = split * kPer; k < min(K, (split + 1) * kPer); ++k) acc += A[(size_t)k * TILE_ELEMS + e] * B[k];
    out[e] = acc;
  }
}

float *allocWorkspace(int tiles) {
  float *ws = nullptr;
  cudaMalloc((void **)&ws, SPLITK_WORKSPACE_BYTES(tiles)); // expect: arch-macro-in-host-code
  return ws;
}
