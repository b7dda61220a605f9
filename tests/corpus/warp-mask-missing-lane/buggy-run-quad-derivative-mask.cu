// corpus-run:
// Screen-space derivatives the way a pixel shader computes them: every
// warp shades eight 2x2 pixel quads (lanes 4q..4q+3 are quad q), writes its
// value to shared memory, synchronises with its quad, and takes ddx/ddy as
// differences with its horizontal and vertical quad neighbours.
//
// Bug: the quad is synchronised with the constant mask 0xf, the mask of
// quad 0 only. Lanes 4..31 call __syncwarp(0xf) without their own bit: each
// calling lane must be named. The quad's mask is 0xf << (lane & ~3) (or the
// whole warp).
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

constexpr int kThreads = 128;

__device__ float shade(int px, int py) { return 0.25f * (float)((px * px + 3 * py) % 17); }

__global__ void quad_derivatives(int quads_per_row, float2* grad) {
  __shared__ float v[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int quad = (blockIdx.x * kThreads + t) >> 2, corner = lane & 3;
  const int px = 2 * (quad % quads_per_row) + (corner & 1);
  const int py = 2 * (quad / quads_per_row) + (corner >> 1);
  v[t] = shade(px, py);
  // expect-run-next-line: warp-mask-missing-lane
  __syncwarp(0xfu);  // expect: warp-mask-missing-lane
  const float ddx = v[t | 1] - v[t & ~1];
  const float ddy = v[t | 2] - v[t & ~2];
  grad[blockIdx.x * kThreads + t] = make_float2(ddx, ddy);
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  float2* grad;
  CUDA_CHECK(cudaMallocManaged(&grad, n * sizeof(float2)));
  quad_derivatives<<<blocks, kThreads>>>(8, grad);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sx = 0, sy = 0;
  for (int i = 0; i < n; ++i) {
    sx += grad[i].x;
    sy += grad[i].y * (i % 3);
  }
  printf("quad_derivatives: %.2f %.2f\n", sx, sy);
  CUDA_CHECK(cudaFree(grad));
  return 0;
}
