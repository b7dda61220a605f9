// Single-pass exclusive scan with chained (serial) look-back over tiles.
// Every block scans its tile in shared memory, waits for the inclusive
// prefix of the previous tile, then publishes its own. The publish has no
// fence, and neither does the read of the predecessor's prefix.
#include <cuda_runtime.h>

#define TILE_ITEMS 512
#define THREADS 256

enum : int { STATUS_EMPTY = 0, STATUS_READY = 1 };

struct ScanState {
  int *inclusivePrefix;  // per tile
  volatile int *status;  // per tile
};

__device__ int blockExclusiveScan(int *s, int tid) {
  for (int offset = 1; offset < TILE_ITEMS; offset <<= 1) {
    int a = tid >= offset ? s[tid - offset] : 0;
    int b = tid + THREADS >= offset ? s[tid + THREADS - offset] : 0;
    __syncthreads();
    s[tid] += a;
    s[tid + THREADS] += b;
    __syncthreads();
  }
  return s[TILE_ITEMS - 1];
}

__global__ void chainedScan(const int *in, int *out, ScanState state, int n) {
  __shared__ int s[TILE_ITEMS];
  __shared__ int tilePrefix;
  int tid = threadIdx.x;
  int base = blockIdx.x * TILE_ITEMS;
  s[tid] = base + tid < n ? in[base + tid] : 0;
  s[tid + THREADS] = base + tid + THREADS < n ? in[base + tid + THREADS] : 0;
  __syncthreads();
  int aggregate = blockExclusiveScan(s, tid);

  if (tid == 0) {
    int prefix = 0;
    if (blockIdx.x > 0) {
      while (state.status[blockIdx.x - 1] != STATUS_READY) {
      }
      prefix = state.inclusivePrefix[blockIdx.x - 1]; // expect: fence-missing
    }
    state.inclusivePrefix[blockIdx.x] = prefix + aggregate;
    state.status[blockIdx.x] = STATUS_READY; // expect: fence-missing
    tilePrefix = prefix;
  }
  __syncthreads();
  int p = tilePrefix;
  if (base + tid < n) out[base + tid] = p + s[tid] - in[base + tid];
  if (base + tid + THREADS < n) out[base + tid + THREADS] = p + s[tid + THREADS] - in[base + tid + THREADS];
}
