// corpus-run:
// named_barrier_fixed: warp-specialised producer/consumer in shared memory
// handed over with named barriers (the pattern of CUTLASS's NamedBarrier and
// FlashAttention-3).
//
// Warps 0-1 produce a tile into shared memory and `bar.arrive 1, 128`
// (release, no wait); warps 2-3 `bar.sync 1, 128`, then read it. For the
// next round the consumers hand the buffer back with `bar.arrive 2, 128`
// and the producers `bar.sync 2, 128` before overwriting it. Every access is
// ordered: the buffer is written only after its readers released it. The
// buggy twin, named_barrier_bug.cu, writes after the arrive.
//
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

constexpr int kRounds = 4, kHalf = 64;

__device__ __forceinline__ void arrive(int id) { asm volatile("bar.arrive %0, 128;" ::"r"(id) : "memory"); }
__device__ __forceinline__ void sync(int id) { asm volatile("bar.sync %0, 128;" ::"r"(id) : "memory"); }

__global__ void pipeline(int* out) {
  __shared__ int tile[kHalf];
  int t = threadIdx.x;
  if (t < kHalf) {
    for (int r = 0; r < kRounds; ++r) {
      if (r > 0) sync(2);  // the consumers are done with the last tile
      tile[t] = r * 1000 + t;
      arrive(1);
    }
  } else {
    int sum = 0;
    for (int r = 0; r < kRounds; ++r) {
      sync(1);
      sum += tile[(t - kHalf + 1) % kHalf];
      if (r + 1 < kRounds) arrive(2);
    }
    out[blockIdx.x * kHalf + t - kHalf] = sum;
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
  printf("named_barrier: total %lld\n", total);
  CHECK(cudaFree(out));
  return 0;
}
