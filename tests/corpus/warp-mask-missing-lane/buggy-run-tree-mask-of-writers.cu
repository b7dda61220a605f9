// corpus-run:
// Block maximum for a softmax pass: every warp folds its 32 values in
// shared memory with a halving tree (lanes below `off` combine two slots),
// then the block combines the warp maxima.
//
// Bug: the tree synchronises only "the lanes that wrote", passing
// (1 << off) - 1 as the mask, but every lane of the warp executes the
// __syncwarp() after the guarded update. Lanes off..31 call it with their
// own bit missing from the mask, which the guide forbids ("each calling
// thread must have its own bit set"). Either call it inside the `if`, where
// exactly those lanes arrive, or pass the full mask.
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

constexpr int kThreads = 256;

__global__ void block_max(const float* x, float* out) {
  __shared__ float s[kThreads];
  __shared__ float warp_max[kThreads / 32];
  const int t = threadIdx.x, lane = t & 31;
  s[t] = x[blockIdx.x * kThreads + t];
  __syncwarp();
#pragma unroll
  for (int off = 16; off > 0; off >>= 1) {
    if (lane < off) s[t] = fmaxf(s[t], s[t + off]);
    // expect-run-next-line: warp-mask-missing-lane
    __syncwarp((1u << off) - 1u);  // expect: warp-mask-missing-lane
  }
  if (lane == 0) warp_max[t >> 5] = s[t];
  __syncthreads();
  if (t == 0) {
    float m = warp_max[0];
    for (int w = 1; w < kThreads / 32; ++w) m = fmaxf(m, warp_max[w]);
    out[blockIdx.x] = m;
  }
}

int main() {
  const int blocks = 3, n = blocks * kThreads;
  float *x, *out;
  CUDA_CHECK(cudaMallocManaged(&x, n * sizeof(float)));
  CUDA_CHECK(cudaMallocManaged(&out, blocks * sizeof(float)));
  for (int i = 0; i < n; ++i) x[i] = (float)((i * 7919) % 1009) * 0.01f;
  block_max<<<blocks, kThreads>>>(x, out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  for (int b = 0; b < blocks; ++b) printf("block %d: max %.2f\n", b, out[b]);
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
