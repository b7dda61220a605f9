// Packs a "visited" flag array (BFS, switching to bottom-up) into a bitmap
// of 32-bit words: one warp per block, block b handles CHUNK elements, lane
// l takes elements l, l+32, l+64, ... and the warp ballots one word per
// iteration. The ballot's mask is taken with __activemask() inside the loop
// -- the v10.2 guide's invalid example: CUDA does not promise that the warp
// diverges only at the loop condition, so the snapshot may be any subset of
// the lanes still looping and the word gets bits from whichever lanes
// happened to be converged.

#define CHUNK 4096

__global__ void packVisited(const int *__restrict__ level, int n, unsigned *__restrict__ bitmap) {
  const int lane = threadIdx.x % 32;  // launched with 32 threads per block
  const int begin = blockIdx.x * CHUNK;
  const int end = min(n, begin + CHUNK);
  for (int i = begin + lane; i < end; i += 32) {
    const unsigned active = __activemask();
    const unsigned bits = __ballot_sync(active, level[i] >= 0); // expect: warp-activemask-misuse
    if (lane == 0) bitmap[i / 32] = bits;
  }
}

void packVisitedBitmap(const int *level, int n, unsigned *bitmap, cudaStream_t s) {
  packVisited<<<(n + CHUNK - 1) / CHUNK, 32, 0, s>>>(level, n, bitmap);
}
