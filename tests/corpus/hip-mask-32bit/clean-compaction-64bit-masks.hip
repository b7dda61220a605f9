// Stream compaction of the valid detections with a warp-aggregated output
// reservation, ported with HIP's mask width: the ballot is kept in
// `unsigned long long`, the lanes below are `(1ull << lane) - 1`, and the
// counts use __popcll / __ffsll. Correct on wave32 and wave64.
#include <hip/hip_runtime.h>

struct Box { float x0, y0, x1, y1, score; int cls; };

__global__ void keepConfident(const Box *in, int n, float threshold, Box *out, int *outCount) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = __lane_id();
  const bool keep = i < n && in[i].score >= threshold;

  const unsigned long long ballot = __ballot(keep);
  const unsigned long long lowerLanes = (1ull << lane) - 1;
  const int warpCount = __popcll(ballot);
  const int leader = __ffsll(ballot) - 1;

  int base = 0;
  if (lane == leader) base = atomicAdd(outCount, warpCount);
  base = __shfl(base, leader < 0 ? 0 : leader);
  if (keep) out[base + __popcll(ballot & lowerLanes)] = in[i];
}

void compactBoxes(const Box *in, int n, Box *out, int *count, hipStream_t s) {
  hipMemsetAsync(count, 0, sizeof(int), s);
  hipLaunchKernelGGL(keepConfident, dim3((n + 255) / 256), dim3(256), 0, s, in, n, 0.5f, out, count);
}
