// Stream compaction (keep the non-zero entries, order within a warp kept)
// with a warp-aggregated reservation per grid-stride step: each warp
// ballots its keep flags, the leader reserves popc slots and broadcasts the
// base. The loop runs per thread: `i < n` fails for some lanes of a warp
// one iteration before the others, and those lanes leave the loop while the
// rest still ballot and shuffle with the full mask that names them.

#define FULL 0xffffffffu

__global__ void compactNonZero(const float *__restrict__ in, float *__restrict__ out, int *__restrict__ outCount,
                               int n) {
  const int lane = threadIdx.x & 31;
  const int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    const float v = in[i];
    const bool keep = v != 0.f;
    const unsigned keepMask = __ballot_sync(FULL, keep); // expect: warp-mask-inactive-lane
    int base = 0;
    if (lane == 0 && keepMask) base = atomicAdd(outCount, __popc(keepMask));
    base = __shfl_sync(FULL, base, 0); // expect: warp-mask-inactive-lane
    if (keep) out[base + __popc(keepMask & ((1u << lane) - 1))] = v;
  }
}
