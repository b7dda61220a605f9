// corpus-run:
// 1-D three-point stencil, one warp per 32-point segment: each lane loads
// its point into a shared row with a one-point halo on each side; the first
// and last lanes also load the halo points, then every lane averages its
// neighbourhood from the row.
//
// Bug: the halo lanes take their own branch with its own __syncwarp(), and
// the interior lanes call a different __syncwarp() in the else. Both name the
// whole warp: each call names 30 (or 2) lanes that are waiting at the other
// program point, which the guide makes undefined. One __syncwarp() after the
// loads is the fix.
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

__global__ void smooth3(const float* in, float* out, int n) {
  __shared__ float row[kThreads / 32][34];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int i = blockIdx.x * kThreads + threadIdx.x;  // n is a multiple of 32
  float* r = row[warp];
  if (lane == 0 || lane == 31) {
    r[lane + 1] = in[i];
    if (lane == 0) r[0] = i > 0 ? in[i - 1] : in[i];
    else r[33] = i + 1 < n ? in[i + 1] : in[i];
    // expect-run-next-line: warp-mask-inactive-lane
    __syncwarp();  // expect: warp-mask-inactive-lane
  } else {
    r[lane + 1] = in[i];
    __syncwarp();  // expect: warp-mask-inactive-lane
  }
  out[i] = (r[lane] + r[lane + 1] + r[lane + 2]) * (1.0f / 3.0f);
}

int main() {
  const int n = 512, blocks = n / kThreads;
  float *in, *out;
  CUDA_CHECK(cudaMallocManaged(&in, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(float)));
  for (int i = 0; i < n; ++i) in[i] = (float)((i * 13) % 17);
  smooth3<<<blocks, kThreads>>>(in, out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i];
  printf("smooth3: sum %.3f\n", sum);
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
