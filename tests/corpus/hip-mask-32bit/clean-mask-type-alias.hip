// Warp-level "unique values" count for a run-length encoder, with the mask
// type spelled as whatever __ballot returns (decltype), so it is 64-bit on
// HIP without naming a width; counting uses __popcll and lowest lanes
// __ffsll.
#include <hip/hip_runtime.h>

using lane_mask_t = decltype(__ballot(0));

__device__ __forceinline__ lane_mask_t lanesBelow() { return __lanemask_lt(); }

__global__ void runHeads(const int *data, int n, int *runStarts, int *numRuns) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = i < n ? data[i] : 0;
  const int prev = i > 0 && i < n ? data[i - 1] : v - 1;
  const bool head = i < n && (i == 0 || v != prev);

  const lane_mask_t heads = __ballot(head);
  const int count = __popcll(heads);
  const int first = __ffsll(heads) - 1;
  int base = 0;
  if (__lane_id() == first) base = atomicAdd(numRuns, count);
  base = __shfl(base, first < 0 ? 0 : first);
  if (head) runStarts[base + __popcll(heads & lanesBelow())] = i;
}
