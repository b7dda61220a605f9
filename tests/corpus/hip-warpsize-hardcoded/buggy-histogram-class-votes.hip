// Class histogram for a segmentation mask (few classes, many pixels): each
// warp votes once per class with __ballot, and the warp's leader adds the
// vote count to the warp's private row of counters in shared memory; the
// rows are summed into the global histogram at the end. Ported from CUDA
// with `warp = threadIdx.x / 32` and `lane = threadIdx.x % 32`: on gfx90a
// the ballot covers the whole 64-lane wavefront, but lanes 0 and 32 both
// see lane == 0, so every vote is added twice (into rows 2k and 2k+1).
#include <hip/hip_runtime.h>

#define BLOCK 256
#define NUM_CLASSES 16
#define WARPS (BLOCK / 32)

__global__ void classHistogram(const unsigned char *labels, size_t n, unsigned long long *hist) {
  __shared__ unsigned int rows[WARPS][NUM_CLASSES];
  const int warp = threadIdx.x / 32; // expect: hip-warpsize-hardcoded
  const int lane = threadIdx.x % 32; // expect: hip-warpsize-hardcoded

  for (int i = threadIdx.x; i < WARPS * NUM_CLASSES; i += BLOCK) (&rows[0][0])[i] = 0;
  __syncthreads();

  // Every thread of the block runs the same number of iterations, so the
  // ballot always sees full wavefronts.
  const size_t stride = (size_t)BLOCK * gridDim.x;
  for (size_t base = (size_t)blockIdx.x * BLOCK; base < n; base += stride) {
    const size_t i = base + threadIdx.x;
    const int cls = i < n ? labels[i] : -1;
    for (int c = 0; c < NUM_CLASSES; ++c) {
      const unsigned long long votes = __ballot(cls == c);
      if (lane == 0 && votes) rows[warp][c] += (unsigned int)__popcll(votes);
    }
  }
  __syncthreads();

  if (threadIdx.x < NUM_CLASSES) {
    unsigned long long total = 0;
    for (int w = 0; w < WARPS; ++w) total += rows[w][threadIdx.x];
    atomicAdd(&hist[threadIdx.x], total);
  }
}
