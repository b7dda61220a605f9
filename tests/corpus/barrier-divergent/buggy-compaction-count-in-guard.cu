// Block-level stream compaction: the block counts its survivors with
// __syncthreads_count, thread 0 reserves space in the output with one
// atomicAdd, and the survivors write through a shared-memory scan. The
// whole body sits under `if (i < n)`, so in the last, partial block the
// threads past the end never reach __syncthreads_count() or the barriers
// after it, while the others wait -- and the count, which is defined over
// the threads that arrive, is computed without them.

#define BLOCK 256

__global__ void compactAboveThreshold(const float *__restrict__ in, float *__restrict__ out,
                                      unsigned *__restrict__ outSize, int n, float threshold) {
  __shared__ unsigned scan[BLOCK];
  __shared__ unsigned base;
  const int tid = threadIdx.x;
  const int i = blockIdx.x * BLOCK + tid;
  if (i < n) {
    const float v = in[i];
    const int keep = v > threshold;
    const int total = __syncthreads_count(keep);  // expect: barrier-divergent
    if (tid == 0) base = atomicAdd(outSize, total);
    scan[tid] = keep;
    for (int d = 1; d < BLOCK; d <<= 1) {
      __syncthreads();  // expect: barrier-divergent
      unsigned add = tid >= d ? scan[tid - d] : 0u;
      __syncthreads();  // expect: barrier-divergent
      scan[tid] += add;
    }
    __syncthreads();  // expect: barrier-divergent
    if (keep) out[base + scan[tid] - 1] = v;
  }
}
