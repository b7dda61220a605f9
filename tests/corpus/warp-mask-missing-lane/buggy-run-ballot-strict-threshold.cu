// corpus-run:
// Top-k candidate chaining: every lane whose score reaches the running
// threshold publishes its index in the warp's slot row in shared memory, and
// then links to the next candidate above it in the warp (the lowest set bit
// of the candidate mask above its own lane).
//
// Bug: the candidate mask is the ballot of `score > threshold`, but the
// branch admits `score >= threshold`. Lanes whose score equals the
// threshold enter the branch and call __syncwarp(cand) although their bit is
// not in `cand`: each calling lane must be named in the mask. Take the
// ballot of the very condition of the branch.
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

__global__ void candidates(const int* score, int threshold, int* next) {
  __shared__ int list[kThreads / 32][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int i = blockIdx.x * kThreads + threadIdx.x;
  const int s = score[i];
  const unsigned cand = __ballot_sync(0xffffffffu, s > threshold);
  next[i] = -1;
  if (s >= threshold) {
    list[warp][lane] = i;
    // expect-run-next-line: warp-mask-missing-lane
    __syncwarp(cand);  // expect: warp-mask-missing-lane
    const unsigned above = cand & ~((2u << lane) - 1u);
    if (above) next[i] = list[warp][__ffs(above) - 1];
  }
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *score, *next;
  CUDA_CHECK(cudaMallocManaged(&score, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&next, n * sizeof(int)));
  for (int i = 0; i < n; ++i) score[i] = (i * 37) % 16;  // ties with 10 in every warp
  candidates<<<blocks, kThreads>>>(score, 10, next);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += next[i];
  printf("candidates: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(score));
  CUDA_CHECK(cudaFree(next));
  return 0;
}
