// A correct kernel that looks suspicious; warpcheck lint must report nothing.
//
// - Threads past the end return early, and a __syncthreads() follows: exited
//   threads are not waited for, and after the barrier only thread 0 reads
//   shared memory that the remaining threads wrote.
// - The vote after the early return uses the mask of in-bounds lanes, taken
//   with __ballot_sync while the whole warp was still there: exactly the
//   lanes that call it.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void count_positive(const float *x, int n, unsigned *count) {
  __shared__ unsigned block_count;
  if (threadIdx.x == 0) block_count = 0;
  __syncthreads(); // every thread is still here

  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned in_bounds = __ballot_sync(0xffffffffu, i < n); // whole warp votes
  if (i >= n) return;

  unsigned positive = __ballot_sync(in_bounds, x[i] > 0.0f); // mask == callers
  // Lane 0 has the lowest index, so it is in bounds whenever any lane is.
  if ((threadIdx.x & 31) == 0) atomicAdd(&block_count, __popc(positive));
  __syncthreads(); // the exited threads are not waited for
  if (threadIdx.x == 0) atomicAdd(count, block_count);
}

int main() {
  const int n = 1000;
  float *x;
  unsigned *count;
  cudaMallocManaged(&x, n * sizeof(float));
  cudaMallocManaged(&count, sizeof(unsigned));
  for (int i = 0; i < n; ++i) x[i] = (i % 3 == 0) ? 1.0f : -1.0f;
  *count = 0;
  count_positive<<<(n + 255) / 256, 256>>>(x, n, count);
  cudaDeviceSynchronize();
  std::printf("positive = %u (expected %d)\n", *count, (n + 2) / 3);
  cudaFree(x);
  cudaFree(count);
}
