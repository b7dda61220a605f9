// corpus-run:
// Stream compaction with warp-aggregated atomics: each warp counts its kept
// elements with __ballot_sync, lane 0 reserves room for the whole warp with
// one atomicAdd and parks the base offset in shared memory, and every lane
// then reads the base. There is no __syncwarp() between lane 0's store and
// the other lanes' loads: the lanes of a warp are not in lockstep (sm_70 and
// later), so a lane can read the slot before lane 0 wrote this launch's
// base. The fix is __syncwarp() after the store, or __shfl_sync of the base.
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

constexpr int kBlock = 128, kWarps = kBlock / 32;

__global__ void compactPositive(const int* in, int n, int* out, int* count) {
  __shared__ int warpBase[kWarps];
  int i = blockIdx.x * kBlock + threadIdx.x;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  bool keep = i < n && in[i] > 0;
  unsigned ballot = __ballot_sync(0xffffffffu, keep);
  if (lane == 0) warpBase[warp] = atomicAdd(count, __popc(ballot));
  int rank = __popc(ballot & ((1u << lane) - 1));
  // expect-next-line: warp-implicit-synchronous
  if (keep) out[warpBase[warp] + rank] = in[i];  // expect-run: race-shared
}

int main() {
  constexpr int n = 1000, grid = (n + kBlock - 1) / kBlock;
  static int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 13) % 7 - 3;
  int *d_in, *d_out, *d_count, h_count = 0;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMalloc(&d_count, sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_count, 0, sizeof(int)));
  compactPositive<<<grid, kBlock>>>(d_in, n, d_out, d_count);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(&h_count, d_count, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  long sum = 0, want = 0;
  for (int k = 0; k < h_count && k < n; ++k) sum += h_out[k];
  for (int i = 0; i < n; ++i) want += h_in[i] > 0 ? h_in[i] : 0;
  printf("compactPositive: kept %d of %d\n", h_count, n);
  fprintf(stderr, "sum of kept %ld, reference %ld\n", sum, want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_count));
  return 0;
}
