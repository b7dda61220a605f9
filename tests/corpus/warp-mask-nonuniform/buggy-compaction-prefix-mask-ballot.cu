// Stream compaction, warp step: each lane needs the number of kept
// elements in the lanes below it. The author passed "the lanes at or below
// me" as the *mask* of the ballot instead of ANDing the full ballot with a
// lane mask afterwards: every lane passes a different mask, and lane 0's
// mask {0} overlaps lane 1's {0, 1} and so on -- undefined behaviour.

__global__ void compactPositive(const float *__restrict__ in, float *__restrict__ out, int *__restrict__ outCount,
                                int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const float v = i < n ? in[i] : 0.f;
  const bool keep = v > 0.f;

  const unsigned atOrBelow = 0xffffffffu >> (31 - lane);
  const int inclusive = __popc(__ballot_sync(atOrBelow, keep)); // expect: warp-mask-nonuniform
  const int total = __shfl_sync(0xffffffffu, inclusive, 31);

  int base = 0;
  if (lane == 0 && total) base = atomicAdd(outCount, total);
  base = __shfl_sync(0xffffffffu, base, 0);
  if (keep) out[base + inclusive - 1] = v;
}
