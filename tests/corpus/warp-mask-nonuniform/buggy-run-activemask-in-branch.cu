// corpus-run:
// Per-warp hot-bucket weights: lanes whose key falls in the "hot" bucket
// compute a weight (a short data-dependent loop) into a warp-private row in
// shared memory; afterwards every lane reads the weight of its mirror lane. The hot lanes capture their mask
// with __activemask() inside the branch ("the lanes that wrote") and keep
// it for the __syncwarp() after the branch; the others keep the full mask.
//
// Bug: after the branch the whole warp reaches the __syncwarp() together,
// the hot lanes passing the mask of the hot lanes and the other lanes the
// full mask. These masks overlap and differ, which the guide forbids; and
// __activemask() says which lanes happen to be converged, not which lanes
// take part. Every lane reads the row afterwards: pass the full mask.
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

__global__ void hot_counts(const int* keys, int hot, int* mirror) {
  __shared__ int cnt[kThreads];
  const int t = threadIdx.x, lane = t & 31;
  const int key = keys[blockIdx.x * kThreads + t];
  cnt[t] = 0;
  unsigned writers = 0xffffffffu;
  if (key % 8 == hot) {
    writers = __activemask();
    int wgt = 0;
    for (int k = key; k > 0; k /= 3) wgt += k % 3;
    cnt[t] = 1 + wgt;
  }
  // expect-run-next-line: warp-mask-nonuniform
  __syncwarp(writers);  // expect: warp-mask-nonuniform
  mirror[blockIdx.x * kThreads + t] = cnt[(t & ~31) | (31 - lane)];
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *keys, *mirror;
  CUDA_CHECK(cudaMallocManaged(&keys, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&mirror, n * sizeof(int)));
  for (int i = 0; i < n; ++i) keys[i] = (i * 19) % 64;
  hot_counts<<<blocks, kThreads>>>(keys, 3, mirror);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += mirror[i] * (i % 7 + 1);
  printf("hot_counts: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(keys));
  CUDA_CHECK(cudaFree(mirror));
  return 0;
}
