// corpus-run:
// Per-element Newton iterations (cube roots) until each element converges,
// so every thread runs its own number of iterations and may break out
// early; then the block records the slowest element. The data-dependent
// loop has no barrier in it: the only __syncthreads() comes after the loop,
// where every thread arrives whatever its trip count.
#include <cmath>
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

constexpr int kBlock = 128, kMaxIter = 60;

__global__ void cubeRoots(const float* a, float* root, int* slowest, int n) {
  __shared__ int iters[kBlock];
  int t = threadIdx.x;
  int i = blockIdx.x * kBlock + t;
  float v = i < n ? a[i] : 1.f;
  float x = v > 1.f ? v / 3.f : 1.f;
  int k = 0;
  for (; k < kMaxIter; ++k) {
    float next = x - (x * x * x - v) / (3.f * x * x);
    if (fabsf(next - x) <= 1e-6f * fabsf(x)) break;
    x = next;
  }
  if (i < n) root[i] = x;
  iters[t] = k;
  __syncthreads();
  if (t < 32) {
    int m = iters[t];
    for (int j = t + 32; j < kBlock; j += 32) m = max(m, iters[j]);
    for (int off = 16; off > 0; off >>= 1) m = max(m, __shfl_down_sync(0xffffffffu, m, off));
    if (t == 0) slowest[blockIdx.x] = m;
  }
}

int main() {
  constexpr int n = 3 * kBlock - 10, grid = (n + kBlock - 1) / kBlock;
  static float h_a[n], h_root[n];
  int h_slow[grid];
  for (int i = 0; i < n; ++i) h_a[i] = 1.f + (float)((i * 53) % 1000);
  float *d_a, *d_root;
  int* d_slow;
  CHECK(cudaMalloc(&d_a, sizeof h_a));
  CHECK(cudaMalloc(&d_root, sizeof h_root));
  CHECK(cudaMalloc(&d_slow, sizeof h_slow));
  CHECK(cudaMemcpy(d_a, h_a, sizeof h_a, cudaMemcpyHostToDevice));
  cubeRoots<<<grid, kBlock>>>(d_a, d_root, d_slow, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_slow, d_slow, sizeof h_slow, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_root, d_root, sizeof h_root, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += fabsf(h_root[i] * h_root[i] * h_root[i] - h_a[i]) > 1e-3f * h_a[i];
  printf("cubeRoots: %d of %d roots off\n", bad, n);
  for (int b = 0; b < grid; ++b) printf("block %d: slowest element took %d iterations\n", b, h_slow[b]);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_root));
  CHECK(cudaFree(d_slow));
  return 0;
}
