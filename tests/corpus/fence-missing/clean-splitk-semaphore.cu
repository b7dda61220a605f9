// Split-K fix-up with a libcu++ semaphore per tile: fetch_add with acq_rel
// order publishes this split's partial tile and, for the last split,
// acquires the others'. No fence is needed.
#include <cuda/atomic>

#define TILE 16

__global__ void fixupSplitK(const float *partialTiles, float *workspace, float *C, unsigned *semaphores, int N,
                            int splits) {
  __shared__ bool last;
  int tile = blockIdx.y * gridDim.x + blockIdx.x;
  int e = threadIdx.y * TILE + threadIdx.x;
  size_t tileElems = TILE * TILE;
  workspace[(size_t(tile) * splits + blockIdx.z) * tileElems + e] =
      partialTiles[(size_t(blockIdx.z) * gridDim.x * gridDim.y + tile) * tileElems + e];
  __syncthreads();
  if (e == 0) {
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> sem(semaphores[tile]);
    last = sem.fetch_add(1u, cuda::memory_order_acq_rel) == unsigned(splits - 1);
    if (last) sem.store(0u, cuda::memory_order_relaxed);
  }
  __syncthreads();
  if (!last) return;
  float sum = 0.f;
  for (int s = 0; s < splits; ++s) sum += workspace[(size_t(tile) * splits + s) * tileElems + e];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  C[row * N + col] = sum;
}
