// corpus-run:
// Unordered stream compaction (keep the particles still inside the box):
// each block first gathers its survivors' slots with atomicAdd_block on a
// counter in shared memory -- a counter only its own threads use -- then
// thread 0 reserves room for all of them in the output with one
// device-scope atomicAdd on the global count, and the block scatters into
// its reserved range. Block scope where the counter is the block's,
// device scope where blocks meet.
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

constexpr int kBlock = 128;

__global__ void keepInside(const float2* pos, int n, float2* kept, unsigned int* keptCount) {
  __shared__ unsigned int localCount;
  __shared__ unsigned int base;
  if (threadIdx.x == 0) localCount = 0;
  __syncthreads();
  int i = blockIdx.x * kBlock + threadIdx.x;
  float2 p = i < n ? pos[i] : make_float2(2.f, 2.f);
  bool inside = p.x >= 0.f && p.x < 1.f && p.y >= 0.f && p.y < 1.f;
  unsigned int slot = inside ? atomicAdd_block(&localCount, 1u) : 0u;
  __syncthreads();
  if (threadIdx.x == 0) base = atomicAdd(keptCount, localCount);
  __syncthreads();
  if (inside) kept[base + slot] = p;
}

int main() {
  constexpr int n = 4000, grid = (n + kBlock - 1) / kBlock;
  static float2 h_pos[n];
  int expected = 0;
  for (int i = 0; i < n; ++i) {
    h_pos[i] = make_float2((float)(i % 97) / 64.f, (float)(i % 89) / 64.f);
    expected += h_pos[i].x < 1.f && h_pos[i].y < 1.f;
  }
  float2 *d_pos, *d_kept;
  unsigned int *d_count, h_count = 0;
  CHECK(cudaMalloc(&d_pos, n * sizeof(float2)));
  CHECK(cudaMalloc(&d_kept, n * sizeof(float2)));
  CHECK(cudaMalloc(&d_count, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_pos, h_pos, n * sizeof(float2), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_count, 0, sizeof(unsigned int)));
  keepInside<<<grid, kBlock>>>(d_pos, n, d_kept, d_count);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(&h_count, d_count, sizeof h_count, cudaMemcpyDeviceToHost));
  printf("keepInside: kept %u of %d particles (expected %d)\n", h_count, n, expected);
  CHECK(cudaFree(d_pos));
  CHECK(cudaFree(d_kept));
  CHECK(cudaFree(d_count));
  return 0;
}
