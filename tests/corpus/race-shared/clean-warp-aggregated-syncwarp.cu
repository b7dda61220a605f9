// corpus-run:
// Stream compaction with warp-aggregated atomics over a warp-stride loop:
// per chunk of 32 elements, lane 0 reserves room for the warp's kept
// elements with one atomicAdd and parks the base in shared memory;
// __syncwarp() publishes it to the other lanes, and a second __syncwarp()
// at the end of the chunk keeps lane 0 from overwriting the base while a
// slower lane still reads it. Every lane of a warp runs the same number of
// chunks (the loop bound depends on the warp, not the lane).
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
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int warpStride = gridDim.x * kBlock;
  for (int base = blockIdx.x * kBlock + warp * 32; base < n; base += warpStride) {
    int i = base + lane;
    bool keep = i < n && in[i] > 0;
    unsigned ballot = __ballot_sync(0xffffffffu, keep);
    if (lane == 0) warpBase[warp] = atomicAdd(count, __popc(ballot));
    __syncwarp();
    int rank = __popc(ballot & ((1u << lane) - 1));
    if (keep) out[warpBase[warp] + rank] = in[i];
    __syncwarp();
  }
}

int main() {
  constexpr int n = 3000, grid = 4;
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
  printf("compactPositive: kept %d, sum %ld (reference %ld)\n", h_count, sum, want);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_count));
  return 0;
}
