// corpus-run:
// Gathering two sorted runs into one warp-sized window: a warp reads lenA
// keys of run A followed by 32 - lenA keys of run B into shared memory (the
// split comes from the data), then each lane reports whether its key starts
// a new value (the head flags of a later segmented pass).
//
// Bug: the lanes that copy from A call __syncwarp() in their branch, the
// lanes that copy from B call another one in theirs. Both calls name the
// whole warp, and where the split falls inside the warp each call names
// lanes that are at the other call. Copy in the branches, then synchronise
// once after them.
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

constexpr int kWindows = 8;

__global__ void head_flags(const int* a, const int* b, const int* len_a, int* heads) {
  __shared__ int window[32];
  const int lane = threadIdx.x, w = blockIdx.x;
  const int split = len_a[w];
  if (lane < split) {
    window[lane] = a[w * 32 + lane];
    __syncwarp();  // expect: warp-mask-inactive-lane
  } else {
    window[lane] = b[w * 32 + lane - split];
    // expect-run-next-line: warp-mask-inactive-lane
    __syncwarp();  // expect: warp-mask-inactive-lane
  }
  heads[w * 32 + lane] = lane == 0 || window[lane] != window[lane - 1];
}

int main() {
  int *a, *b, *len_a, *heads;
  CUDA_CHECK(cudaMallocManaged(&a, kWindows * 32 * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&b, kWindows * 32 * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&len_a, kWindows * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&heads, kWindows * 32 * sizeof(int)));
  for (int i = 0; i < kWindows * 32; ++i) {
    a[i] = i / 3;
    b[i] = 1000 + i / 4;
  }
  for (int w = 0; w < kWindows; ++w) len_a[w] = (w * 11) % 33;  // 0..32
  head_flags<<<kWindows, 32>>>(a, b, len_a, heads);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int total = 0;
  for (int i = 0; i < kWindows * 32; ++i) total += heads[i];
  printf("head_flags: %d heads\n", total);
  CUDA_CHECK(cudaFree(a));
  CUDA_CHECK(cudaFree(b));
  CUDA_CHECK(cudaFree(len_a));
  CUDA_CHECK(cudaFree(heads));
  return 0;
}
