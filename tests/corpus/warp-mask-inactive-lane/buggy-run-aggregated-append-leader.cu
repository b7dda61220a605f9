// corpus-run:
// Stream compaction with a warp-aggregated append: every warp counts its
// kept elements with a ballot, lane 0 reserves that many output slots with a
// single atomicAdd and publishes the base in shared memory, and each kept
// lane writes at base + its rank among the kept lanes.
//
// Bug: the leader calls __syncwarp() inside its branch after publishing, and
// the other lanes call another __syncwarp() in the else before reading the
// base. Each call names all 32 lanes, but lane 0 and lanes 1..31 are at two
// different program points. Publish in the branch, then call one
// __syncwarp() that every lane reaches.
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

constexpr int kThreads = 128;

__global__ void compact_positive(const int* in, int* out, int* count) {
  __shared__ int base[kThreads / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int v = in[blockIdx.x * kThreads + threadIdx.x];
  const bool keep = v > 0;
  const unsigned kept = __ballot_sync(0xffffffffu, keep);
  if (lane == 0) {
    base[warp] = atomicAdd(count, __popc(kept));
    __syncwarp();  // expect: warp-mask-inactive-lane
  } else {
    // expect-run-next-line: warp-mask-inactive-lane
    __syncwarp();  // expect: warp-mask-inactive-lane
  }
  if (keep) out[base[warp] + __popc(kept & ((1u << lane) - 1u))] = v;
}

int main() {
  const int blocks = 3, n = blocks * kThreads;
  int *in, *out, *count;
  CUDA_CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&count, sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 23 - 11;
  *count = 0;
  compact_positive<<<blocks, kThreads>>>(in, out, count);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < *count; ++i) sum += out[i];  // order-independent
  printf("compact_positive: kept %d, sum %lld\n", *count, sum);
  CUDA_CHECK(cudaFree(in));
  CUDA_CHECK(cudaFree(out));
  CUDA_CHECK(cudaFree(count));
  return 0;
}
