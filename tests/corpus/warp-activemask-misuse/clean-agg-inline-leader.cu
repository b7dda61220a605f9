// Sparse-matrix row classification for a hybrid SpMV: each thread looks at
// one row, and rows that are long go to a "long rows" list. The append is
// the opportunistic warp-aggregated idiom written inline: snapshot inside
// `if (isLong)`, the lowest converged lane (`lane == __ffs(active) - 1`)
// reserves popc slots, the base is broadcast with the snapshot as mask on
// the same path. Whichever lanes are converged, each group reserves and
// fills exactly its own slots.

__global__ void binLongRows(const int *__restrict__ rowPtr, int rows, int threshold, int *__restrict__ longRows,
                            int *__restrict__ numLong) {
  const int lane = threadIdx.x & 31;
  for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += gridDim.x * blockDim.x) {
    const bool isLong = rowPtr[r + 1] - rowPtr[r] > threshold;
    if (isLong) {
      const unsigned active = __activemask();
      int base = 0;
      if (lane == __ffs(active) - 1) base = atomicAdd(numLong, __popc(active));
      base = __shfl_sync(active, base, __ffs(active) - 1);
      longRows[base + __popc(active & ((1u << lane) - 1))] = r;
    }
  }
}
