// corpus-run:
// Sub-warp tiles of W = 4 lanes for a 4x4 matrix-vector product (one small
// matrix per tile, e.g. per-vertex transforms): each lane computes one row
// of the result into shared memory, the tile synchronises, and lane 0 of
// the tile packs the four results.
//
// Bug: the tile mask shifts the tile's bits by the lane, ((1 << W) - 1) <<
// lane, instead of by the tile's first lane, lane & ~(W - 1). Every lane passes a different
// mask (lane 0: 0xf, lane 1: 0x1e, ...), overlapping those of its tile
// mates: lanes named in a mask must all pass that same mask.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                            \
  do {                                                                              \
    cudaError_t err_ = (call);                                                      \
    if (err_ != cudaSuccess) {                                                      \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

template <int W>
__global__ void transform(const float4* m, const float4* v, float4* out) {
  __shared__ float r[64];
  const int t = threadIdx.x, lane = t & 31;
  const int tile = (blockIdx.x * 64 + t) / W, row = lane & (W - 1);
  const unsigned tile_mask = ((1u << W) - 1u) << lane;
  const float4 a = m[tile * 4 + row], x = v[tile];
  r[t] = a.x * x.x + a.y * x.y + a.z * x.z + a.w * x.w;
  // expect-run-next-line: warp-mask-nonuniform
  __syncwarp(tile_mask);  // expect: warp-mask-nonuniform
  if (row == 0) out[tile] = make_float4(r[t], r[t + 1], r[t + 2], r[t + 3]);
}

int main() {
  const int blocks = 2, tiles = blocks * 64 / 4;
  float4 *m, *v, *out;
  CUDA_CHECK(cudaMallocManaged(&m, tiles * 4 * sizeof(float4)));
  CUDA_CHECK(cudaMallocManaged(&v, tiles * sizeof(float4)));
  CUDA_CHECK(cudaMallocManaged(&out, tiles * sizeof(float4)));
  for (int i = 0; i < tiles * 4; ++i) m[i] = make_float4(i % 3, 1.0f, (i % 5) * 0.5f, -1.0f);
  for (int i = 0; i < tiles; ++i) v[i] = make_float4(1.0f, i % 4, 2.0f, 0.5f);
  transform<4><<<blocks, 64>>>(m, v, out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < tiles; ++i) sum += out[i].x + 2 * out[i].y + 3 * out[i].z + 4 * out[i].w;
  printf("transform: checksum %.2f\n", sum);
  CUDA_CHECK(cudaFree(m));
  CUDA_CHECK(cudaFree(v));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
