// corpus-run:
// 1-D convolution with a 7-tap filter (radius 3). Each block stages its 128
// inputs plus a halo of 3 on each side in shared memory: every thread loads
// its own element, the first 3 threads also the left halo and the last 3
// the right halo. The __syncthreads() between staging and the filter loop
// is missing: a thread reads neighbour cells (and halo cells) that their
// owners -- lanes of its warp, or the next warp at a warp boundary -- may
// not have stored yet. Without a barrier nvcc even hoists the loads of the
// neighbour cells above the thread's own stores, so within a warp the
// cells are read before they are written and the run reports each staging
// store as the second access (write-after-read); a warp that runs behind
// its neighbour reads the neighbour's cells after they were stored, which
// the run reports at the filter loop (read-after-write).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kBlock = 128, kRadius = 3;
__constant__ float c_taps[2 * kRadius + 1];

__device__ __forceinline__ float clampedLoad(const float* in, int i, int n) {
  return in[min(max(i, 0), n - 1)];
}

__global__ void conv1d(const float* in, float* out, int n) {
  __shared__ float tile[kBlock + 2 * kRadius];
  int t = threadIdx.x;
  int g = blockIdx.x * kBlock + t;
  tile[t + kRadius] = clampedLoad(in, g, n);  // expect-run: race-shared
  if (t < kRadius) tile[t] = clampedLoad(in, g - kRadius, n);  // expect-run: race-shared
  if (t >= kBlock - kRadius) tile[t + 2 * kRadius] = clampedLoad(in, g + kRadius, n);  // expect-run: race-shared
  float acc = 0.f;
#pragma unroll
  // expect-next-line: warp-implicit-synchronous
  for (int k = 0; k <= 2 * kRadius; ++k) acc += c_taps[k] * tile[t + k];  // expect-run: race-shared
  if (g < n) out[g] = acc;
}

int main() {
  constexpr int n = 4 * kBlock;
  const float taps[2 * kRadius + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
  static float h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (float)((i * 5) % 11);
  float *d_in, *d_out;
  CHECK(cudaMemcpyToSymbol(c_taps, taps, sizeof taps));
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  conv1d<<<n / kBlock, kBlock>>>(d_in, d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += h_out[i];
  printf("conv1d: %d outputs\n", n);
  fprintf(stderr, "checksum %.3f\n", sum);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
