// Block-wide stream compaction in two phases: every warp publishes its
// ballot in shared memory, one thread turns the per-warp popcounts into
// offsets, then every thread writes at offset + rank. The shared array of
// masks kept CUDA's `unsigned int`: on gfx90a the store truncates each
// 64-lane ballot, so the popcounts and ranks ignore lanes 32-63 and their
// elements overwrite the ones of lanes 0-31.
#include <hip/hip_runtime.h>

#define BLOCK 256
#define MAX_WARPS (BLOCK / 32)

template <typename Pred>
__global__ void blockCompact(const int *in, int n, int *out, int *outCount, Pred pred) {
  __shared__ unsigned int warpMasks[MAX_WARPS];
  __shared__ int warpOffsets[MAX_WARPS];
  __shared__ int blockOffset;
  const int i = blockIdx.x * BLOCK + threadIdx.x;
  const int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  const bool keep = i < n && pred(in[i]);

  const unsigned long long ballot = __ballot(keep);
  if (lane == 0) warpMasks[warp] = ballot; // expect: hip-mask-32bit
  __syncthreads();

  if (threadIdx.x == 0) {
    int running = 0;
    for (int w = 0; w < (int)(BLOCK / warpSize); ++w) {
      warpOffsets[w] = running;
      running += __popc(warpMasks[w]);
    }
    blockOffset = atomicAdd(outCount, running);
  }
  __syncthreads();

  const unsigned long long below = (1ull << lane) - 1;
  if (keep) out[blockOffset + warpOffsets[warp] + __popc(warpMasks[warp] & below)] = in[i]; // expect: hip-mask-32bit
}

struct IsEven {
  __device__ bool operator()(int v) const { return (v & 1) == 0; }
};
template __global__ void blockCompact<IsEven>(const int *, int, int *, int *, IsEven);
