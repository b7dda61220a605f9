// grid_stride_offbyone_fixed: the grid-stride loop of
// grid_stride_offbyone_bug.cu with the right index, out[2i+1]: every output
// has one writer. Also a second kernel that reads the first one's output
// across block boundaries (a stencil): in another launch, so ordered.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kN = 1 << 14;

__global__ void split(const float* in, float* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    out[2 * i] = in[i] * 0.5f;
    out[2 * i + 1] = in[i] * 1.5f;
  }
}

__global__ void smooth(const float* in, float* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = (in[i > 0 ? i - 1 : i] + in[i] + in[i + 1 < n ? i + 1 : i]) / 3.f;
}

int main() {
  float *in, *out, *smoothed;
  CHECK(cudaMallocManaged(&in, kN * sizeof(float)));
  CHECK(cudaMalloc(&out, 2 * kN * sizeof(float)));
  CHECK(cudaMallocManaged(&smoothed, 2 * kN * sizeof(float)));
  for (int i = 0; i < kN; ++i) in[i] = (float)(i % 100);
  split<<<16, 256>>>(in, out, kN);
  smooth<<<32, 128>>>(out, smoothed, 2 * kN);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < 2 * kN; ++i) sum += smoothed[i];
  printf("grid_stride_offbyone: sum %.1f\n", sum);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(smoothed));
  return 0;
}
