// Warp-aggregated append with the 64-lane path chosen by an ordinary `if`
// on warpSize (a run-time test in device code; the compiler folds it per
// target), and a `switch` on the lane whose case labels are plain
// constants. No use needs warpSize to be a compile-time constant.
#include <hip/hip_runtime.h>

__device__ int aggregatedAppend(int *tail, bool want) {
  const int lane = __lane_id();
  unsigned long long m = __ballot(want);
  if (warpSize == 32) m &= 0xffffffffull; // the upper half is unused on wave32
  int base = 0;
  if (lane == 0 && m) base = atomicAdd(tail, __popcll(m));
  base = __shfl(base, 0);
  return base + __popcll(m & ((1ull << lane) - 1));
}

// Emits the particles that cross the boundary, tagging the first lanes of
// each wavefront for a debug trace.
__global__ void emitCrossings(const float *x, const float *vx, int n, float wall, float dt, int *out, int *tail,
                              int *trace) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool crosses = i < n && x[i] < wall && x[i] + vx[i] * dt >= wall;
  const int slot = aggregatedAppend(tail, crosses);
  if (crosses) out[slot] = i;
  switch (__lane_id()) {
  case 0: trace[blockIdx.x * 2] = slot; break;
  case 1: trace[blockIdx.x * 2 + 1] = warpSize; break;
  default: break;
  }
}
