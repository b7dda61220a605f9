// tiled_loop_fixed: the fixed twin of tiled_loop_bug.cu.
//
// The matrix-vector product y = A x with x staged tile by tile in shared
// memory, with both barriers: one after the load (every element of the tile
// is there before anyone reads it) and one at the end of the loop body (every
// thread is done reading before anyone loads the next tile). No race.
//
// EXPECT-NONE
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kTile = 256;   // threads per block and elements per tile
constexpr int kN = 1024;     // A is kN x kN, x has kN elements

__global__ void matvec(const int* A, const int* x, int* y) {
  __shared__ int tile[kTile];
  int row = blockIdx.x * kTile + threadIdx.x;
  int acc = 0;
  for (int base = 0; base < kN; base += kTile) {
    tile[threadIdx.x] = x[base + threadIdx.x];   // @load
    __syncthreads();
    for (int k = 0; k < kTile; ++k)
      acc += A[row * kN + base + k] * tile[k];   // @use
    __syncthreads();
  }
  y[row] = acc;
}

int main() {
  std::vector<int> A(kN * kN), x(kN), y(kN);
  for (int i = 0; i < kN * kN; ++i) A[i] = (i * 7 + 3) % 11 - 5;
  for (int i = 0; i < kN; ++i) x[i] = (i * 13) % 17 - 8;
  int *dA, *dx, *dy;
  CHECK(cudaMalloc(&dA, A.size() * sizeof(int)));
  CHECK(cudaMalloc(&dx, x.size() * sizeof(int)));
  CHECK(cudaMalloc(&dy, y.size() * sizeof(int)));
  CHECK(cudaMemcpy(dA, A.data(), A.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dx, x.data(), x.size() * sizeof(int), cudaMemcpyHostToDevice));
  matvec<<<kN / kTile, kTile>>>(dA, dx, dy);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(y.data(), dy, y.size() * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long sum = 0;
  for (int r = 0; r < kN; ++r) {
    int want = 0;
    for (int c = 0; c < kN; ++c) want += A[r * kN + c] * x[c];
    if (y[r] != want) ++wrong;
    sum += y[r];
  }
  printf("tiled_loop_fixed: %d blocks of %d threads, %d tiles each\n", kN / kTile, kTile, kN / kTile);
  printf("tiled_loop_fixed: checksum %lld, %d of %d rows wrong\n", sum, wrong, kN);
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  return 0;
}
