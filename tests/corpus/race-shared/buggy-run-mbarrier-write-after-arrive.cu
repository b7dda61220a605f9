// corpus-run:
// Warp-specialised hand-off through a cuda::barrier (an mbarrier): the
// producers arrive, then write the shared tile; the consumers
// arrive_and_wait and read it. An arrival releases only what its thread did
// before it: the write is unordered with the reads (race-shared). The
// producers spin a little after arriving, so the reads come first. The
// clean twin is clean-run-mbarrier-handoff.cu.
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
    auto token = bar.arrive();
    (void)token;
    for (long long start = clock64(); clock64() - start < 2000000;) {
    }
    tile[t] = 1000 + t;  // expect-run: race-shared
  } else {
    bar.arrive_and_wait();
    out[blockIdx.x * kHalf + t - kHalf] = tile[(t - kHalf + 1) % kHalf];  // expect-run-also: race-shared
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
