// Benchmark: 5-point Jacobi stencil over a 4096 x 4096 float grid, one
// launch per sweep (ping-pong buffers). Each block of 32 x 32 threads loads a
// 34 x 34 tile with its one-cell halo into shared memory (edges clamped),
// waits at __syncthreads(), then computes its 32 x 32 outputs from the tile.
// Race-free.
//
//   stencil [launches=5] [check]
//
// Prints a checksum of the final grid, a verification line and `kernel_ms:`
// (CUDA events). The verification recomputes one sweep from the input on the
// CPU for sampled points (every point with `check`, then all sweeps too).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#include "../../tests/gpu/cuda_check.h"
#include "launch_timer.h"

constexpr int W = 4096;
constexpr int B = 32;
constexpr int H = B + 2;   // tile with halo

__host__ __device__ inline int clampi(int v) { return v < 0 ? 0 : (v >= W ? W - 1 : v); }

__host__ __device__ inline float sweep_point(float c, float n, float s, float w, float e) {
  return 0.2f * ((((c + n) + s) + w) + e);
}

__global__ void jacobi(const float* in, float* out) {
  __shared__ float tile[H][H];
  int x0 = blockIdx.x * B - 1, y0 = blockIdx.y * B - 1;
  for (int i = threadIdx.y * B + threadIdx.x; i < H * H; i += B * B) {
    int ty = i / H, tx = i % H;
    tile[ty][tx] = in[clampi(y0 + ty) * W + clampi(x0 + tx)];
  }
  __syncthreads();
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  out[(blockIdx.y * B + threadIdx.y) * W + blockIdx.x * B + threadIdx.x] =
      sweep_point(tile[ty][tx], tile[ty - 1][tx], tile[ty + 1][tx], tile[ty][tx - 1], tile[ty][tx + 1]);
}

static void cpu_sweep(const std::vector<float>& in, std::vector<float>& out) {
  for (int y = 0; y < W; ++y)
    for (int x = 0; x < W; ++x)
      out[y * W + x] = sweep_point(in[y * W + x], in[clampi(y - 1) * W + x], in[clampi(y + 1) * W + x],
                                   in[y * W + clampi(x - 1)], in[y * W + clampi(x + 1)]);
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 5;
  bool full = argc > 2 && strcmp(argv[2], "check") == 0;
  const int n = W * W;
  std::vector<float> grid0(n), result(n), one(n);
  for (int i = 0; i < n; ++i) grid0[i] = (float)((i * 37 + (i / W) * 11) % 1024) / 64.0f;
  float *d_a, *d_b, *d_c;
  CHECK(cudaMalloc(&d_a, n * sizeof(float)));
  CHECK(cudaMalloc(&d_b, n * sizeof(float)));
  CHECK(cudaMalloc(&d_c, n * sizeof(float)));
  CHECK(cudaMemcpy(d_a, grid0.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  dim3 block(B, B), grid(W / B, W / B);
  // sweep 1: a -> b, then b -> c, c -> b, ...; a keeps the input
  const float* src = d_a;
  float* dst = d_b;
  CHECK(cudaEventRecord(start));
  LaunchTimer timer;
  timer.mark();
  for (int l = 0; l < launches; ++l) {
    jacobi<<<grid, block>>>(src, dst);
    timer.mark();
    src = dst;
    dst = dst == d_b ? d_c : d_b;
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaMemcpy(result.data(), src, n * sizeof(float), cudaMemcpyDeviceToHost));
  // one sweep from the input, untimed, to check against the CPU
  jacobi<<<grid, block>>>(d_a, d_c);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(one.data(), d_c, n * sizeof(float), cudaMemcpyDeviceToHost));
  long long points = 0, wrong = 0;
  for (int i = 0; i < n; i += full ? 1 : 1021) {
    int y = i / W, x = i % W;
    float want = sweep_point(grid0[i], grid0[clampi(y - 1) * W + x], grid0[clampi(y + 1) * W + x],
                             grid0[y * W + clampi(x - 1)], grid0[y * W + clampi(x + 1)]);
    ++points;
    if (one[i] != want) ++wrong;
  }
  if (full) {
    std::vector<float> a = grid0, b(n);
    for (int l = 0; l < launches; ++l) {
      cpu_sweep(a, b);
      a.swap(b);
    }
    for (int i = 0; i < n; ++i)
      if (result[i] != a[i]) ++wrong;
    points += n;
  }
  double checksum = 0;
  for (int i = 0; i < n; ++i) checksum += (double)result[i] * (double)(i % 7 + 1);
  printf("stencil %dx%d, %d sweeps\n", W, W, launches);
  printf("checksum: %.6f\n", checksum);
  printf("verified: %lld points, %lld wrong\n", points, wrong);
  printf("kernel_ms: %.3f\n", ms);
  timer.print();
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  return 0;
}
