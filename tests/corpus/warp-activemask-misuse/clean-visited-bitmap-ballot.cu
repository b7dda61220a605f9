// Packs a BFS "visited" array into a bitmap of 32-bit words, one warp per
// block, with the guide's fix for the __activemask() loop: the loop
// condition is warp-uniform (`i - lane < end`), the lanes that have an
// element are computed deterministically with __ballot_sync(FULL, i < end),
// and the vote inside `if (i < end)` uses that ballot as its mask.

#define CHUNK 4096

__global__ void packVisited(const int *__restrict__ level, int n, unsigned *__restrict__ bitmap) {
  const int lane = threadIdx.x % 32;  // launched with 32 threads per block
  const int begin = blockIdx.x * CHUNK;
  const int end = min(n, begin + CHUNK);
  for (int i = begin + lane; i - lane < end; i += 32) {
    const unsigned active = __ballot_sync(0xffffffffu, i < end);
    if (i < end) {
      const unsigned bits = __ballot_sync(active, level[i] >= 0);
      if (lane == 0) bitmap[i / 32] = bits;
    }
  }
}

void packVisitedBitmap(const int *level, int n, unsigned *bitmap, cudaStream_t s) {
  packVisited<<<(n + CHUNK - 1) / CHUNK, 32, 0, s>>>(level, n, bitmap);
}
