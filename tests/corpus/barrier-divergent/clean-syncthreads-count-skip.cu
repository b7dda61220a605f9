// Block-level stream compaction that skips empty blocks: the survivors of
// the block are counted with __syncthreads_count(), which every thread of
// the block reaches and which returns the same count to all of them, so
// `if (total == 0) return;` leaves with the whole block. The blocks that
// continue run the scan's barriers in every thread; only the loads and the
// final store are guarded by `i < n`.

#define BLOCK 256

__global__ void compactAboveThreshold(const float *__restrict__ in, float *__restrict__ out,
                                      unsigned *__restrict__ outSize, int n, float threshold) {
  __shared__ unsigned scan[BLOCK];
  __shared__ unsigned base;
  const int tid = threadIdx.x;
  const int i = blockIdx.x * BLOCK + tid;
  const float v = i < n ? in[i] : 0.f;
  const int keep = i < n && v > threshold;

  const int total = __syncthreads_count(keep);
  if (total == 0) return;  // the same for the whole block

  if (tid == 0) base = atomicAdd(outSize, (unsigned)total);
  scan[tid] = keep;
  for (int d = 1; d < BLOCK; d <<= 1) {
    __syncthreads();
    unsigned add = tid >= d ? scan[tid - d] : 0u;
    __syncthreads();
    scan[tid] += add;
  }
  __syncthreads();
  if (keep) out[base + scan[tid] - 1] = v;
}
