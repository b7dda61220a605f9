// Atomics that count, allocate and hand out work, but announce nothing:
// no fence is needed anywhere here.
#include <cuda_runtime.h>

#define BINS 256

__global__ void histogramShared(const unsigned char *data, size_t n, unsigned *bins) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

// Warp-aggregated stream compaction with a capacity check.
__global__ void selectPositive(const float *in, int n, float *out, int *outIdx, unsigned *outCount, unsigned cap) {
  int lane = threadIdx.x & 31;
  for (int start = blockIdx.x * blockDim.x; start < n; start += gridDim.x * blockDim.x) {
    int i = start + threadIdx.x;
    float v = i < n ? in[i] : 0.f;
    bool keep = v > 0.f;
    unsigned mask = __ballot_sync(0xffffffff, keep);
    if (mask == 0) continue;
    int leader = __ffs(mask) - 1;
    unsigned base = 0;
    if (lane == leader) base = atomicAdd(outCount, __popc(mask));
    base = __shfl_sync(0xffffffff, base, leader);
    unsigned pos = base + __popc(mask & ((1u << lane) - 1));
    if (keep && pos < cap) {
      out[pos] = v;
      outIdx[pos] = i;
    }
  }
}

// Persistent blocks pulling tiles from a global queue.
__device__ int nextTile = 0;
__global__ void persistentSaxpy(float a, const float *x, float *y, int tiles, int tileSize) {
  __shared__ int tile;
  for (;;) {
    if (threadIdx.x == 0) tile = atomicAdd(&nextTile, 1);
    __syncthreads();
    int t = tile;
    __syncthreads();
    if (t >= tiles) break;
    for (int i = threadIdx.x; i < tileSize; i += blockDim.x) {
      int k = t * tileSize + i;
      y[k] = a * x[k] + y[k];
    }
  }
}
