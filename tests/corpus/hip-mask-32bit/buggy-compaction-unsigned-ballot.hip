// Stream compaction of the valid detections (score above a threshold)
// with a warp-aggregated output reservation, hipified from CUDA. The ballot
// result kept CUDA's 32-bit `unsigned` and the lane-mask is built with
// `1u << lane`: on gfx90a the upper 32 lanes' votes are cut off, so their
// detections are neither counted nor given a slot, and `1u << lane` is
// undefined for lanes 32-63.
#include <hip/hip_runtime.h>

struct Box { float x0, y0, x1, y1, score; int cls; };

__global__ void keepConfident(const Box *in, int n, float threshold, Box *out, int *outCount) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = __lane_id();
  const bool keep = i < n && in[i].score >= threshold;

  const unsigned ballot = __ballot(keep); // expect: hip-mask-32bit
  const unsigned lowerLanes = (1u << lane) - 1; // expect: hip-mask-32bit
  const int warpCount = __popc(ballot);
  const int leader = __ffs(ballot) - 1;

  int base = 0;
  if (lane == leader) base = atomicAdd(outCount, warpCount);
  base = __shfl(base, leader < 0 ? 0 : leader);
  if (keep) out[base + __popc(ballot & lowerLanes)] = in[i];
}

void compactBoxes(const Box *in, int n, Box *out, int *count, hipStream_t s) {
  hipMemsetAsync(count, 0, sizeof(int), s);
  hipLaunchKernelGGL(keepConfident, dim3((n + 255) / 256), dim3(256), 0, s, in, n, 0.5f, out, count);
}
