// Stream compaction with warp-aggregated reservations, written so that the
// loop around the collectives is warp-uniform: warps stride over chunks of
// 32 elements (`base` is the same for every lane of a warp), lanes past the
// end vote false instead of leaving, and every lane calls every ballot and
// shuffle with the full mask.

#define FULL 0xffffffffu

template <typename Pred>
__device__ void compactChunks(const float *__restrict__ in, float *__restrict__ out, int *__restrict__ outCount,
                              int n, Pred pred) {
  const int lane = threadIdx.x & 31;
  const int gwarp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int nwarps = (gridDim.x * blockDim.x) >> 5;
  for (int base = gwarp * 32; base < n; base += nwarps * 32) {
    const int i = base + lane;
    const float v = i < n ? in[i] : 0.f;
    const bool keep = i < n && pred(v);
    const unsigned keepMask = __ballot_sync(FULL, keep);
    int slot = 0;
    if (lane == 0 && keepMask) slot = atomicAdd(outCount, __popc(keepMask));
    slot = __shfl_sync(FULL, slot, 0);
    if (keep) out[slot + __popc(keepMask & ((1u << lane) - 1))] = v;
  }
}

struct AboveThreshold {
  float t;
  __device__ bool operator()(float v) const { return v > t; }
};

__global__ void compactAbove(const float *__restrict__ in, float *__restrict__ out, int *__restrict__ outCount, int n,
                             float threshold) {
  compactChunks(in, out, outCount, n, AboveThreshold{threshold});
}
