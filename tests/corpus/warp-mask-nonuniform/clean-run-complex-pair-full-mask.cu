// corpus-run:
// Complex multiply of interleaved (re, im) arrays by a conjugate twiddle:
// lane 2k holds re, lane 2k+1 holds im of element k. Each lane stores its
// component in shared memory, the warp synchronises, and each lane reads
// its partner's component to form the product. Every lane passes the same
// full mask.
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

constexpr int kThreads = 64;

__global__ void twiddle_conj(const float* z, const float* w, float* out) {
  __shared__ float part[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int i = blockIdx.x * kThreads + t, k = i >> 1;
  part[t] = z[i];
  __syncwarp();
  const float re = part[t & ~1], im = part[t | 1];
  const float wr = w[2 * k], wi = -w[2 * k + 1];
  out[i] = (lane & 1) ? re * wi + im * wr : re * wr - im * wi;
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  float *z, *w, *out;
  CUDA_CHECK(cudaMallocManaged(&z, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&w, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(float)));
  for (int i = 0; i < n; ++i) {
    z[i] = (float)(i % 7) - 3.0f;
    w[i] = (i & 1) ? 0.5f : 0.25f * (i % 5);
  }
  twiddle_conj<<<blocks, kThreads>>>(z, w, out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i] * (i % 3 + 1);
  printf("twiddle_conj: checksum %.3f\n", sum);
  CUDA_CHECK(cudaFree(z));
  CUDA_CHECK(cudaFree(w));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
