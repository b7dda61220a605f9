// splitk_serial_bug: the serial split-K reduction of splitk_serial_fixed.cu
// without the fence between a block's partial sums and the semaphore it
// hands to the next slice.
//
// Each of kTiles output tiles is summed by kSplits blocks, one per slice of
// K. The block of slice s waits until the tile's semaphore reads s, fences,
// adds its partial sums to the tile's accumulator (read with strong loads,
// `volatile`, written with plain stores), fences and hands the semaphore to
// slice s + 1 with atomicExch, but with no fence between its stores and
// the hand-over: the next slice may read the semaphore before the sums.
//
// EXPECT: fence-missing read
#include <cstdio>
#include <cuda/atomic>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kTiles = 2, kSplits = 4, kTile = 64, kK = 256;

__global__ void splitk(const float* a, float* acc, int* semaphore) {
  int tile = blockIdx.x, split = blockIdx.y, col = threadIdx.x;
  // The slice's partial sum for this output element.
  float partial = 0.f;
  int k0 = split * (kK / kSplits);
  for (int k = k0; k < k0 + kK / kSplits; ++k) partial += a[(tile * kTile + col) * kK + k];
  __shared__ bool turn;
  if (col == 0) {
    while (cuda::atomic_ref<int, cuda::thread_scope_device>(semaphore[tile]).load(cuda::memory_order_relaxed) != split) {
    }
    __threadfence();
    turn = true;
  }
  __syncthreads();
  float* out = &acc[tile * kTile + col];
  float before = split == 0 ? 0.f : *(volatile float*)out;  // @read
  *out = before + partial;
  __syncthreads();
  if (col == 0 && turn) atomicExch(&semaphore[tile], split + 1);
}

int main() {
  float *a, *acc;
  int* semaphore;
  CHECK(cudaMallocManaged(&a, kTiles * kTile * kK * sizeof(float)));
  CHECK(cudaMalloc(&acc, kTiles * kTile * sizeof(float)));
  CHECK(cudaMalloc(&semaphore, kTiles * sizeof(int)));
  for (int i = 0; i < kTiles * kTile * kK; ++i) a[i] = (float)(i % 7);
  CHECK(cudaMemset(semaphore, 0, kTiles * sizeof(int)));
  splitk<<<dim3(kTiles, kSplits), kTile>>>(a, acc, semaphore);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  float out[kTiles * kTile];
  CHECK(cudaMemcpy(out, acc, sizeof out, cudaMemcpyDeviceToHost));
  double sum = 0;
  for (float v : out) sum += v;
  fprintf(stderr, "sum %.0f (may miss a slice: the race)\n", sum);
  printf("splitk_serial: done\n");
  CHECK(cudaFree(a));
  CHECK(cudaFree(acc));
  CHECK(cudaFree(semaphore));
  return 0;
}
