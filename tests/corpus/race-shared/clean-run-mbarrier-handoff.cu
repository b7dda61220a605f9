// corpus-run:
// Warp-specialised hand-off through a cuda::barrier (an mbarrier): the
// producers write the shared tile, then arrive without waiting; the
// consumers arrive_and_wait and read it. The phase completes once every
// thread has arrived, and each arrival releases what its thread did before
// it: the reads are ordered after the writes. The buggy twin is
// buggy-run-mbarrier-write-after-arrive.cu.
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

#pragma nv_diag_suppress static_var_with_dynamic_init

constexpr int kHalf = 64;

__global__ void handoff(int* out) {
  __shared__ int tile[kHalf];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  int t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  if (t < kHalf) {
    tile[t] = 1000 + t;
    auto token = bar.arrive();
    (void)token;
  } else {
    bar.arrive_and_wait();
    out[blockIdx.x * kHalf + t - kHalf] = tile[(t - kHalf + 1) % kHalf];
  }
}

int main() {
  int* out;
  CHECK(cudaMallocManaged(&out, 4 * kHalf * sizeof(int)));
  handoff<<<4, 2 * kHalf>>>(out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  long long total = 0;
  for (int i = 0; i < 4 * kHalf; ++i) total += out[i];
  fprintf(stderr, "total %lld\n", total);
  printf("mbarrier_handoff: done\n");
  CHECK(cudaFree(out));
  return 0;
}
