// Stream compaction with the warp scan rewritten for independent thread
// scheduling: each step reads into a register, __syncwarp(), writes,
// __syncwarp(), the guide's pattern; lanes that do not add still take part
// in every __syncwarp().

#define WARPS 8

__device__ __forceinline__ int warpInclusiveScan(int *s, int idx) {
  const int lane = idx & 31;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    int add = lane >= o ? s[idx - o] : 0;
    __syncwarp();
    s[idx] += add;
    __syncwarp();
  }
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
  __syncwarp();

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
