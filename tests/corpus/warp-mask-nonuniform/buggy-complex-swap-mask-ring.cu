// Complex multiply of interleaved (re, im) arrays by a conjugate twiddle:
// lane 2k holds re, lane 2k+1 holds im of element k. Each lane stores its
// component in shared memory, synchronises with its partner, and reads the
// partner's component to form the product.
//
// Bug: the partner mask is written (1 << lane) | (1 << (lane + 1)), "me and
// the next lane", instead of (1 << lane) | (1 << (lane ^ 1)). For odd lanes
// that is the wrong pair: lane 0 passes 0x3, lane 1 0x6, lane 2 0xc, ...
// All lanes reach the call together with different, overlapping masks,
// which the guide makes undefined. 3 << (lane & ~1) (disjoint pairs) or the
// full mask is right.
//
// Not a run case: the masks form a ring (lane 31 names lane 0) and on sm_90
// the warp never leaves the __syncwarp(), so the program hangs natively and
// under every checker. warpcheck run records the finding on the GPU but a
// hung program never hands it over (no hang watchdog yet); lint finds it.
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
  const unsigned pair = (1u << lane) | (1u << ((lane + 1) & 31));
  __syncwarp(pair);  // expect: warp-mask-nonuniform
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
