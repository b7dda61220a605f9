// global_ok: kernels that use global memory only (no bug twin).
//
// A grid-stride y = a*x + y, then a second kernel that reads y and writes a
// shifted copy: no shared memory, no barrier, no warp intrinsic. A checker of
// shared memory and synchronisation has nothing to report.
//
// EXPECT-NONE
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kN = 1 << 16;

__global__ void axpy(int a, const int* x, int* y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
}

__global__ void shift(const int* y, int* z, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = y[(i + 1) % n] - y[i];
}

int main() {
  std::vector<int> x(kN), y(kN), z(kN);
  for (int i = 0; i < kN; ++i) {
    x[i] = i % 1000;
    y[i] = (i * 3) % 777;
  }
  int *dx, *dy, *dz;
  CHECK(cudaMalloc(&dx, kN * sizeof(int)));
  CHECK(cudaMalloc(&dy, kN * sizeof(int)));
  CHECK(cudaMalloc(&dz, kN * sizeof(int)));
  CHECK(cudaMemcpy(dx, x.data(), kN * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, y.data(), kN * sizeof(int), cudaMemcpyHostToDevice));
  axpy<<<8, 256>>>(3, dx, dy, kN);
  CHECK(cudaGetLastError());
  shift<<<(kN + 255) / 256, 256>>>(dy, dz, kN);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(z.data(), dz, kN * sizeof(int), cudaMemcpyDeviceToHost));
  int wrong = 0;
  long long sum = 0;
  for (int i = 0; i < kN; ++i) {
    int yi = 3 * x[i] + y[i];
    int j = (i + 1) % kN;
    int yj = 3 * x[j] + y[j];
    if (z[i] != yj - yi) ++wrong;
    sum += (long long)z[i] * (i % 7 + 1);
  }
  printf("global_ok: checksum %lld, %d of %d results wrong\n", sum, wrong, kN);
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
  CHECK(cudaFree(dz));
  return 0;
}
