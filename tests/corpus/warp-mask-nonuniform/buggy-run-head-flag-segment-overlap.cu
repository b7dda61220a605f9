// corpus-run:
// Segmented sums with segment boundaries from data (head flags, as in a
// sparse row reduction): each lane finds its segment's head lane and the
// next segment's head from a ballot of the flags, stores its value in
// shared memory, synchronises with the lanes of its segment, and the head
// lane adds up the segment.
//
// Bug: the segment mask is built as the lanes from `first` up to and
// including `next` ((2 << next) - 1), so it also names the next segment's
// head. That lane passes its own segment's mask: two different masks that
// overlap in one lane reach the same __syncwarp(), which the guide makes
// undefined. The mask must stop below `next`: (1 << next) - 1.
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

__device__ __forceinline__ unsigned lanes_below(int lane) { return lane >= 32 ? 0xffffffffu : (1u << lane) - 1u; }

__global__ void segment_sums(const int* v, const int* head, int* sums) {
  __shared__ int s[kThreads];
  const int t = threadIdx.x, lane = t & 31, i = blockIdx.x * kThreads + t;
  const unsigned heads = __ballot_sync(0xffffffffu, head[i] != 0 || lane == 0);
  const int first = 31 - __clz(heads & (lanes_below(lane) | (1u << lane)));
  const unsigned after = heads & ~(lanes_below(lane) | (1u << lane));
  const int next = after ? __ffs(after) - 1 : 32;
  const unsigned segment = lanes_below(next + 1) & ~lanes_below(first);
  s[t] = v[i];
  // expect-run-next-line: warp-mask-nonuniform
  __syncwarp(segment);  // expect: warp-mask-nonuniform
  if (lane == first) {
    int sum = 0;
    for (int j = first; j < next; ++j) sum += s[(t & ~31) + j];
    sums[i] = sum;
  }
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  int *v, *head, *sums;
  CUDA_CHECK(cudaMallocManaged(&v, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&head, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&sums, n * sizeof(int)));
  for (int i = 0; i < n; ++i) {
    v[i] = (i * 7) % 11;
    head[i] = (i % 32) % 6 == 0;  // segments of six lanes
    sums[i] = 0;
  }
  segment_sums<<<blocks, kThreads>>>(v, head, sums);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long total = 0;
  for (int i = 0; i < n; ++i) total += sums[i];
  printf("segment_sums: total %lld\n", total);
  CUDA_CHECK(cudaFree(v));
  CUDA_CHECK(cudaFree(head));
  CUDA_CHECK(cudaFree(sums));
  return 0;
}
