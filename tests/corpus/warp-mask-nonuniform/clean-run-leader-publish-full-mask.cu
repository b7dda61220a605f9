// corpus-run:
// Warp-aggregated output allocation for a particle binning pass: every warp
// reserves space for all of its particles with one atomicAdd by lane 0,
// which publishes the base offset in shared memory; each lane then writes
// its particle at base + lane. The publication is ordered before the reads
// by a __syncwarp() that every lane reaches with the full mask.
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

__global__ void bin_particles(const float2* pos, float2* binned, int* bin_of, int* cursor) {
  __shared__ int base[kThreads / 32];
  const int t = threadIdx.x, lane = t & 31, warp = t >> 5;
  const int i = blockIdx.x * kThreads + t;
  if (lane == 0) base[warp] = atomicAdd(cursor, 32);
  __syncwarp();
  const int slot = base[warp] + lane;
  binned[slot] = pos[i];
  bin_of[slot] = (int)(pos[i].x * 4.0f) + 4 * (int)(pos[i].y * 4.0f);
}

int main() {
  const int blocks = 2, n = blocks * kThreads;
  float2 *pos, *binned;
  int *bin_of, *cursor;
  CUDA_CHECK(cudaMallocManaged(&pos, n * sizeof(float2)));
  CUDA_CHECK(cudaMallocManaged(&binned, n * sizeof(float2)));
  CUDA_CHECK(cudaMallocManaged(&bin_of, n * sizeof(int)));
  CUDA_CHECK(cudaMallocManaged(&cursor, sizeof(int)));
  for (int i = 0; i < n; ++i) pos[i] = make_float2((i % 17) / 17.0f, (i % 13) / 13.0f);
  *cursor = 0;
  bin_particles<<<blocks, kThreads>>>(pos, binned, bin_of, cursor);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  long long hist[16] = {0};
  for (int s = 0; s < n; ++s) hist[bin_of[s]]++;  // independent of the slot order
  printf("bin_particles: %d placed, bin 0 %lld, bin 15 %lld\n", *cursor, hist[0], hist[15]);
  CUDA_CHECK(cudaFree(pos));
  CUDA_CHECK(cudaFree(binned));
  CUDA_CHECK(cudaFree(bin_of));
  CUDA_CHECK(cudaFree(cursor));
  return 0;
}
