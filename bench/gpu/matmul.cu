// Benchmark: tiled matrix multiply C = A * B, 1024 x 1024 floats, 32 x 32
// tiles in shared memory (two barriers per tile: after the loads, and before
// the next tile overwrites them). Race-free.
//
//   matmul [launches=5] [check]
//
// Prints the checksum (sum of C), a verification line (sampled rows against
// the CPU; every row with `check`) and `kernel_ms:` (all launches together,
// CUDA events). The inputs are multiples of 1/8 in [-1, 1], so every product
// and sum is exact in float: results do not depend on the order of the adds.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#include "../../tests/gpu/cuda_check.h"
#include "launch_timer.h"

constexpr int N = 1024;
constexpr int T = 32;

__global__ void matmul(const float* A, const float* B, float* C) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty;
  int col = blockIdx.x * T + tx;
  float acc = 0.0f;
  for (int t = 0; t < N; t += T) {
    As[ty][tx] = A[row * N + t + tx];
    Bs[ty][tx] = B[(t + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 5;
  bool full = argc > 2 && strcmp(argv[2], "check") == 0;
  std::vector<float> A(N * N), B(N * N), C(N * N);
  for (int i = 0; i < N * N; ++i) {
    A[i] = (float)((i * 7) % 17 - 8) / 8.0f;
    B[i] = (float)((i * 5 + 3) % 13 - 6) / 8.0f;
  }
  float *dA, *dB, *dC;
  CHECK(cudaMalloc(&dA, N * N * sizeof(float)));
  CHECK(cudaMalloc(&dB, N * N * sizeof(float)));
  CHECK(cudaMalloc(&dC, N * N * sizeof(float)));
  CHECK(cudaMemcpy(dA, A.data(), N * N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dB, B.data(), N * N * sizeof(float), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  dim3 block(T, T), grid(N / T, N / T);
  CHECK(cudaEventRecord(start));
  LaunchTimer timer;
  timer.mark();
  for (int l = 0; l < launches; ++l) {
    matmul<<<grid, block>>>(dA, dB, dC);
    timer.mark();
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaMemcpy(C.data(), dC, N * N * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < N * N; ++i) sum += C[i];
  int rows = 0, wrong = 0;
  for (int r = 0; r < N; r += full ? 1 : 61) {
    ++rows;
    for (int c = 0; c < N; ++c) {
      float want = 0;
      for (int k = 0; k < N; ++k) want += A[r * N + k] * B[k * N + c];
      if (C[r * N + c] != want) ++wrong;
    }
  }
  printf("matmul %dx%d, %d launches\n", N, N, launches);
  printf("checksum: %.6f\n", sum);
  printf("verified: %d rows, %d wrong\n", rows, wrong);
  printf("kernel_ms: %.3f\n", ms);
  timer.print();
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dB));
  CHECK(cudaFree(dC));
  return 0;
}
