// Benchmark: transpose of an 8192 x 8192 float matrix through a 32 x 33
// shared tile (the padding column keeps the column reads free of bank
// conflicts). Blocks of 32 x 8 threads move a 32 x 32 tile, four rows per
// thread; one barrier between the tile's loads and its transposed stores.
// Race-free.
//
//   transpose [launches=5] [check]
//
// Prints a checksum, a verification line (sampled rows against the input;
// every element with `check`) and `kernel_ms:` (CUDA events).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#include "../../tests/gpu/cuda_check.h"
#include "launch_timer.h"

constexpr int W = 8192;
constexpr int TILE = 32;
constexpr int ROWS = 8;

__global__ void transpose(const float* in, float* out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(long long)(y + j) * W + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
#pragma unroll
  for (int j = 0; j < TILE; j += ROWS) out[(long long)(y + j) * W + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 5;
  bool full = argc > 2 && strcmp(argv[2], "check") == 0;
  const long long n = (long long)W * W;
  std::vector<float> in(n), out(n);
  for (long long i = 0; i < n; ++i) in[i] = (float)(i % 1000003);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CHECK(cudaMalloc(&d_out, n * sizeof(float)));
  CHECK(cudaMemcpy(d_in, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  dim3 block(TILE, ROWS), grid(W / TILE, W / TILE);
  CHECK(cudaEventRecord(start));
  LaunchTimer timer;
  timer.mark();
  for (int l = 0; l < launches; ++l) {
    transpose<<<grid, block>>>(d_in, d_out);
    timer.mark();
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
  long long rows = 0, wrong = 0;
  for (int r = 0; r < W; r += full ? 1 : 97) {
    ++rows;
    for (int c = 0; c < W; ++c)
      if (out[(long long)r * W + c] != in[(long long)c * W + r]) ++wrong;
  }
  double checksum = 0;
  for (long long i = 0; i < n; i += 4099) checksum += (double)out[i] * (double)(i % 13 + 1);
  printf("transpose %dx%d, %d launches\n", W, W, launches);
  printf("checksum: %.1f\n", checksum);
  printf("verified: %lld rows, %lld wrong\n", rows, wrong);
  printf("kernel_ms: %.3f\n", ms);
  timer.print();
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
