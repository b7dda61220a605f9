// Stream compaction: every warp scans its 32 keep-flags with the classic
// Sengupta/Harris warp scan over a volatile shared buffer (no __syncwarp),
// the last lane of each warp publishes the warp total, and one warp scans the
// totals. The intra-warp steps race on sm_70 and later: lane 5 reads s[4]
// while lane 4 may already have added s[3] into it, or not yet.

#define WARPS 8

__device__ __forceinline__ int warpInclusiveScan(volatile int *s, int idx) {
  const int lane = idx & 31;
  if (lane >= 1) s[idx] = s[idx - 1] + s[idx];    // expect: warp-implicit-synchronous
  if (lane >= 2) s[idx] = s[idx - 2] + s[idx];    // expect: warp-implicit-synchronous
  if (lane >= 4) s[idx] = s[idx - 4] + s[idx];    // expect: warp-implicit-synchronous
  if (lane >= 8) s[idx] = s[idx - 8] + s[idx];    // expect: warp-implicit-synchronous
  if (lane >= 16) s[idx] = s[idx - 16] + s[idx];  // ordered once the step above is fixed as suggested
  return s[idx];
}

__global__ void compact(const float *__restrict__ in, float *__restrict__ out, int *__restrict__ count, int n,
                        float threshold) {
  __shared__ int flags[WARPS * 32];
  __shared__ int warpTotals[WARPS];
  __shared__ int blockBase;
  const int tid = threadIdx.x;
  const int lane = tid & 31, warp = tid >> 5;
  const int i = blockIdx.x * blockDim.x + tid;

  const float v = i < n ? in[i] : 0.f;
  const int keep = i < n && v > threshold;
  flags[tid] = keep;
  __syncthreads();

  const int inclusive = warpInclusiveScan(flags, tid);
  if (lane == 31) warpTotals[warp] = inclusive;
  __syncthreads();

  if (warp == 0) {
    int total = lane < WARPS ? warpTotals[lane] : 0;
    for (int o = 1; o < WARPS; o <<= 1) {
      int up = __shfl_up_sync(0xffffffff, total, o);
      if (lane >= o) total += up;
    }
    if (lane < WARPS) warpTotals[lane] = total;
    if (lane == WARPS - 1) blockBase = atomicAdd(count, total);
  }
  __syncthreads();

  const int warpOffset = warp > 0 ? warpTotals[warp - 1] : 0;
  if (keep) out[blockBase + warpOffset + inclusive - 1] = v;
}
