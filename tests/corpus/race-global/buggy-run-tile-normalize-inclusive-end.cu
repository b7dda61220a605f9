// corpus-run:
// Per-tile contrast normalisation of a 1-D signal: each block owns kTile
// consecutive samples, finds the largest magnitude of its tile with a
// shared-memory max reduction and writes the tile divided by that maximum.
//
// Bug: the write loop runs `j <= kTile` (an inclusive end copied from an
// interpolation kernel whose segments share their end points). Thread 0 of
// block b also writes out[(b + 1) * kTile], the first sample of block
// b + 1's tile, scaled by block b's maximum, while block b + 1 writes the
// same element with its own: two blocks store the same word in one launch
// (an off-by-one that reaches the neighbour's element, write-after-write).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kTile = 256, kThreads = 128, kTiles = 40;
constexpr int kN = kTile * kTiles;

__global__ void tile_normalize(const float* in, float* out, int n) {
  __shared__ float smax[kThreads];
  const int tid = threadIdx.x, base = blockIdx.x * kTile;
  float m = 0.f;
  for (int j = tid; j < kTile && base + j < n; j += kThreads) m = fmaxf(m, fabsf(in[base + j]));
  smax[tid] = m;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 0; stride >>= 1) {
    if (tid < stride) smax[tid] = fmaxf(smax[tid], smax[tid + stride]);
    __syncthreads();
  }
  const float scale = smax[0] > 0.f ? 1.f / smax[0] : 0.f;
  for (int j = tid; j <= kTile && base + j < n; j += kThreads)
    out[base + j] = in[base + j] * scale;  // expect-run: race-global
}

int main() {
  float *in, *out;
  CHECK(cudaMallocManaged(&in, kN * sizeof(float)));
  CHECK(cudaMallocManaged(&out, kN * sizeof(float)));
  for (int i = 0; i < kN; ++i) in[i] = (float)((i * 37) % 101 - 50) * (1.f + (i / kTile) % 5);
  tile_normalize<<<kTiles, kThreads>>>(in, out, kN);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int t = 1; t < kTiles; ++t) sum += out[t * kTile];
  printf("tile_normalize: %d tiles of %d samples\n", kTiles, kTile);
  fprintf(stderr, "sum of tile heads %.4f (depends on which block wrote last)\n", sum);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
