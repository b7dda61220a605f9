// tiled_loop_bug: a tiled loop that lacks its second __syncthreads().
//
// A matrix-vector product y = A x: each block of 256 threads walks x tile by
// tile; each iteration every thread loads one element of the tile into
// shared memory, waits at __syncthreads(), then reads the whole tile. The
// barrier that should end the loop body is missing, so a fast warp loads the
// next tile over elements that slower warps are still reading: a
// write-after-read race between the load and the use of the tile.
// The fixed twin is tiled_loop_fixed.cu.
//
// stdout is the same whatever the race does; the check of the results goes
// to stderr.
//
// EXPECT: race-shared load use
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
    // missing: __syncthreads();
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
  for (int r = 0; r < kN; ++r) {
    int want = 0;
    for (int c = 0; c < kN; ++c) want += A[r * kN + c] * x[c];
    if (y[r] != want) ++wrong;
  }
  printf("tiled_loop_bug: %d blocks of %d threads, %d tiles each\n", kN / kTile, kTile, kN / kTile);
  fprintf(stderr, "tiled_loop_bug: %d of %d rows wrong (the race decides)\n", wrong, kN);
  CHECK(cudaFree(dA));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  return 0;
}
