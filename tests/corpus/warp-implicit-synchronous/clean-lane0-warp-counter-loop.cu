// Per-warp match counting for a filter's output sizing: each warp walks
// the input in warp-sized steps, votes on the matches with
// __ballot_sync, and lane 0 alone accumulates the warp's count in the
// warp's shared slot; at the end lane 0 adds it to the global total. Only
// lane 0 ever touches warpCount[warp] -- initialisation, the per-step
// update and the final read -- so no two lanes of a warp share the slot,
// and no __syncwarp() is needed (program order within lane 0 suffices).

#define WARPS 8
#define FULL_MASK 0xffffffffu

__global__ void countMatches(const float *__restrict__ x, int n, float lo, float hi, int *__restrict__ total) {
  __shared__ int warpCount[WARPS];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  if (lane == 0) warpCount[warp] = 0;

  const int stride = blockDim.x * gridDim.x;
  for (int base = blockIdx.x * blockDim.x + warp * 32; base < n; base += stride) {
    const int i = base + lane;
    const bool match = i < n && x[i] >= lo && x[i] < hi;
    const unsigned hits = __ballot_sync(FULL_MASK, match);
    if (lane == 0) warpCount[warp] += __popc(hits);
  }
  if (lane == 0 && warpCount[warp] > 0) atomicAdd(total, warpCount[warp]);
}
