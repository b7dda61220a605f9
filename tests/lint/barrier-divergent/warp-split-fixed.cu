// RUN: %check_warpcheck %s barrier-divergent
// The fixed and the tricky-clean shapes of warp-split.cu's fill/scatter
// split (issue 23): nothing to report.

// Fixed: the branch is closed before each barrier, so every thread of the
// block waits at the same three __syncthreads().
__global__ void fill_scatter_hoisted(const int *in, int *out) {
  __shared__ int stage[128];
  const bool filler = threadIdx.x / 32 < 4;
  if (filler) stage[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  __syncthreads();
  if (!filler) out[blockIdx.x * 128 + threadIdx.x - 128] = stage[threadIdx.x - 128];
  __syncthreads();
  if (filler) stage[threadIdx.x] += 1;
  __syncthreads();
}

// Tricky-clean: the warp-specialised hand-off written with a named barrier
// (the fillers arrive, the scatterers wait), then one block barrier that
// every thread reaches.
__global__ void fill_scatter_named(const int *in, int *out) {
  __shared__ int stage[128];
  if (threadIdx.x / 32 < 4) {
    stage[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
    asm volatile("bar.arrive 1, 256;" ::: "memory");
  } else {
    asm volatile("bar.sync 1, 256;" ::: "memory");
    out[blockIdx.x * 128 + threadIdx.x - 128] = stage[threadIdx.x - 128];
  }
  __syncthreads();
}

// Tricky-clean: three barriers on each side of a block-uniform branch (the
// whole block takes one side), and a warp-uniform branch whose sides
// synchronise only within their warps.
__global__ void block_split(const int *in, int *out) {
  __shared__ int stage[128];
  if (blockIdx.x % 2 == 0) {
    stage[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = stage[127 - threadIdx.x];
    __syncthreads();
    __syncthreads();
  } else {
    __syncthreads();
    __syncthreads();
    __syncthreads();
  }
}

__global__ void warp_split_syncwarp(const int *in, int *out) {
  __shared__ int stage[256];
  const int lane = threadIdx.x % 32;
  if (threadIdx.x / 32 < 4) {
    stage[threadIdx.x] = in[threadIdx.x];
    __syncwarp();
    out[threadIdx.x] = stage[(threadIdx.x & ~31) + (lane + 1) % 32];
  } else {
    out[threadIdx.x] = 0;
  }
  __syncthreads();
}
