// Per-warp histogram merge in the style of pre-Volta code: every warp
// builds a private 64-bin histogram in shared memory, then the warp
// leaders wait for each other before lane 0 of each warp merges one slice
// of bins into the block's result. On Pascal and earlier __syncthreads()
// counted warps, so one arriving lane per warp released the barrier; since
// Volta it waits for every thread of the block, and the other 31 lanes of
// each warp never arrive.

#define BINS 64
#define WARPS 8

__global__ void mergeWarpHistograms(const unsigned char *__restrict__ keys, int n, unsigned *__restrict__ hist) {
  __shared__ unsigned warpHist[WARPS][BINS];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  for (int b = lane; b < BINS; b += 32) warpHist[warp][b] = 0;
  __syncwarp();

  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&warpHist[warp][keys[i] % BINS], 1u);
  __syncwarp();

  if (lane == 0) {
    __syncthreads();  // expect: barrier-divergent
    for (int b = warp * (BINS / WARPS); b < (warp + 1) * (BINS / WARPS); ++b) {
      unsigned sum = 0;
      for (int w = 0; w < WARPS; ++w) sum += warpHist[w][b];
      if (sum) atomicAdd(&hist[b], sum);
    }
  }
}
