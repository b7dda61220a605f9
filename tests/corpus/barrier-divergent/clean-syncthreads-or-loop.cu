// Per-thread work lists processed in lock-step rounds: every thread owns a
// list of particles to deposit onto a shared-memory grid, lists have
// different lengths, and each round needs two barriers. The loop condition
// is __syncthreads_or(r < myCount) -- true for the whole block while any
// thread still has work -- so every thread runs the same number of rounds
// and reaches every barrier; threads that are done just skip the work.

#define CELLS 1024

__global__ void depositCharge(const int *__restrict__ listStart, const int *__restrict__ listCount,
                              const int *__restrict__ cellOf, const float *__restrict__ charge,
                              float *__restrict__ grid) {
  __shared__ float local[CELLS];
  for (int c = threadIdx.x; c < CELLS; c += blockDim.x) local[c] = 0.f;
  __syncthreads();

  const int me = blockIdx.x * blockDim.x + threadIdx.x;
  const int start = listStart[me];
  const int myCount = listCount[me];
  for (int r = 0; __syncthreads_or(r < myCount); ++r) {
    if (r < myCount) {
      const int p = start + r;
      atomicAdd(&local[cellOf[p] % CELLS], charge[p]);
    }
  }
  __syncthreads();

  for (int c = threadIdx.x; c < CELLS; c += blockDim.x)
    if (local[c] != 0.f) atomicAdd(&grid[blockIdx.x * CELLS + c], local[c]);
}
