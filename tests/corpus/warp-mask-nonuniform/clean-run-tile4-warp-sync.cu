// corpus-run:
// Sub-warp tiles of W = 4 lanes for a 4x4 matrix-vector product (one small
// matrix per tile, e.g. per-vertex transforms): each lane computes one row
// of the result into shared memory, the warp synchronises, and lane 0 of
// each tile packs the four results. The eight tiles of a warp run in step,
// so one full-mask __syncwarp() serves them all.
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
  const float4 a = m[tile * 4 + row], x = v[tile];
  r[t] = a.x * x.x + a.y * x.y + a.z * x.z + a.w * x.w;
  __syncwarp();
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
