// corpus-run:
// named_barrier_bug: a producer warp writes to the shared tile after its
// `bar.arrive`.
//
// Warps 0-1 fill a shared tile and `bar.arrive 1, 128`; warps 2-3
// `bar.sync 1, 128` and read it. `bar.arrive` releases only what came before
// it and does not wait: the producers' second store (clearing the tile for
// reuse) is unordered with the consumers' reads. The fixed twin is
// named_barrier_fixed.cu.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

constexpr int kHalf = 64;

__global__ void pipeline(int* out) {
  __shared__ int tile[kHalf];
  int t = threadIdx.x;
  if (t < kHalf) {
    tile[t] = 1000 + t;
    asm volatile("bar.arrive 1, 128;" ::: "memory");
    tile[t] = 0;  // expect-run-also: race-shared
  } else {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    out[blockIdx.x * kHalf + t - kHalf] = tile[(t - kHalf + 1) % kHalf];  // expect-run: race-shared
  }
}

int main() {
  int* out;
  CHECK(cudaMallocManaged(&out, 4 * kHalf * sizeof(int)));
  pipeline<<<4, 2 * kHalf>>>(out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  long long total = 0;
  for (int i = 0; i < 4 * kHalf; ++i) total += out[i];
  fprintf(stderr, "total %lld\n", total);
  printf("named_barrier: done\n");
  CHECK(cudaFree(out));
  return 0;
}
