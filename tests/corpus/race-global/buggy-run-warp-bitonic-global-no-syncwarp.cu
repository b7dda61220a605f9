// corpus-run:
// Sorts many short key lists of 32 entries each (one per warp) in place in
// global memory with a bitonic network: at every step lane i compares its
// key with the key of lane i ^ j and keeps the smaller or the larger one
// depending on its position in the bitonic sequence.
//
// Bug: the lanes of a warp are not in lockstep (independent thread
// scheduling since Volta), and nothing separates one lane's store of its
// new key from its partner's load of that key. Within a step the partner
// may read the already-exchanged value, and across steps it may read the
// value from before the previous step: a lane reads a word another lane of
// the same warp stores, with no __syncwarp() between (intra-warp race on
// global memory). A __syncwarp() after the loads and another after the
// store make it correct.
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

constexpr int kLists = 64, kThreads = 128;

__global__ void warp_sort32(unsigned* keys) {
  const int lane = threadIdx.x & 31;
  unsigned* list = keys + (blockIdx.x * blockDim.x + threadIdx.x - lane);
  for (int k = 2; k <= 32; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
      const unsigned mine = list[lane];
      const unsigned other = list[lane ^ j];  // expect-run: race-global
      const bool ascending = (lane & k) == 0;
      const bool lower = (lane & j) == 0;
      const unsigned keep = (lower == ascending) ? min(mine, other) : max(mine, other);
      list[lane] = keep;  // expect-run-also: race-global
    }
  }
}

int main() {
  const int n = kLists * 32;
  unsigned* keys;
  CHECK(cudaMallocManaged(&keys, n * sizeof(unsigned)));
  for (int i = 0; i < n; ++i) keys[i] = (unsigned)(i * 2654435761u) >> 20;
  warp_sort32<<<n / kThreads, kThreads>>>(keys);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int unsorted = 0;
  for (int l = 0; l < kLists; ++l)
    for (int i = 1; i < 32; ++i) unsorted += keys[l * 32 + i - 1] > keys[l * 32 + i];
  printf("warp_sort32: %d lists of 32 keys\n", kLists);
  fprintf(stderr, "%d adjacent pairs out of order\n", unsorted);
  CHECK(cudaFree(keys));
  return 0;
}
