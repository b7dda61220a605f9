// Two-level exclusive scan, second level: the per-block totals of the first
// pass (at most 16 of them for the small sizes this path handles) are
// scanned by the first half-warp of a single block. The author restricted
// the scan to `threadIdx.x < NUM_TOTALS` but kept the full mask: lanes 16..31
// never reach the shuffles they are named in (undefined behaviour; on sm_70+
// the warp can hang).

#define NUM_TOTALS 16

__global__ void scanBlockTotals(int *__restrict__ blockTotals, int *__restrict__ grandTotal) {
  const unsigned lane = threadIdx.x;
  if (threadIdx.x < NUM_TOTALS) {
    int v = blockTotals[lane];
    const int own = v;
#pragma unroll
    for (int d = 1; d < NUM_TOTALS; d <<= 1) {
      int up = __shfl_up_sync(0xffffffff, v, d); // expect: warp-mask-inactive-lane
      if (lane >= d) v += up;
    }
    blockTotals[lane] = v - own;  // exclusive
    if (lane == NUM_TOTALS - 1) *grandTotal = v;
  }
}

__global__ void addBlockOffsets(int *__restrict__ data, const int *__restrict__ blockTotals, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += blockTotals[blockIdx.x];
}

void finishScan(int *data, int *blockTotals, int *grandTotal, int n, int blocks, cudaStream_t s) {
  scanBlockTotals<<<1, 32, 0, s>>>(blockTotals, grandTotal);
  addBlockOffsets<<<blocks, 256, 0, s>>>(data, blockTotals, n);
}
