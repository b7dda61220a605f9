// corpus-run:
// Key/value staging for a warp-cooperative hash-join probe: lanes 0..15 of
// each warp stage 16 probe keys, lanes 16..31 the matching payloads, into the
// warp's slice of shared memory; then every lane reads the pair it needs.
//
// Bug: each half-warp calls its own __syncwarp() inside its branch. Both
// calls name all 32 lanes, but the other half never reaches this call: it
// waits at the other one. The guide requires every non-exited lane named in
// the mask to execute the same __syncwarp(); the fix is one __syncwarp()
// after the if/else (clean-run-kv-split-stage.cu).
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

constexpr int kWarps = 4;
constexpr int kThreads = kWarps * 32;

__global__ void probe_pairs(const int* keys, const int* vals, int* out) {
  __shared__ int stage[kWarps][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int pair = (blockIdx.x * kWarps + warp) * 16;
  if (lane < 16) {
    stage[warp][lane] = keys[pair + lane];
    __syncwarp();  // expect: warp-mask-inactive-lane
  } else {
    stage[warp][lane] = vals[pair + lane - 16];
    // expect-run-next-line: warp-mask-inactive-lane
    __syncwarp();  // expect: warp-mask-inactive-lane
  }
  const int k = stage[warp][lane & 15], v = stage[warp][16 + (lane & 15)];
  out[(blockIdx.x * kWarps + warp) * 32 + lane] = lane < 16 ? k : k * 1000 + v;
}

int main() {
  const int blocks = 2, pairs = blocks * kWarps * 16, n = blocks * kThreads;
  int *keys, *vals, *out;
  CUDA_CHECK(cudaMallocManaged(&keys, pairs * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&vals, pairs * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  for (int i = 0; i < pairs; ++i) {
    keys[i] = i * 7 % 101;
    vals[i] = i % 13;
  }
  probe_pairs<<<blocks, kThreads>>>(keys, vals, out);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long sum = 0;
  for (int i = 0; i < n; ++i) sum += out[i];
  printf("probe_pairs: checksum %lld\n", sum);
  CUDA_CHECK(cudaFree(keys));
  CUDA_CHECK(cudaFree(vals));
  CUDA_CHECK(cudaFree(out));
  return 0;
}
