// Single-pass inclusive scan with decoupled look-back (Merrill & Garland):
// each tile publishes its local aggregate (flag AGGREGATE) as soon as it is
// known, and later its inclusive prefix (flag PREFIX). The flags are
// separate from the values and set with atomicExch, which orders nothing:
// a successor can see the flag before the value it announces.
#include <cuda_runtime.h>

#define ITEMS 512
enum : int { FLAG_INVALID = 0, FLAG_AGGREGATE = 1, FLAG_PREFIX = 2 };

__device__ int blockReduceSum(int v, int *red) {
  red[threadIdx.x] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
  int r = red[0];
  __syncthreads();
  return r;
}

__global__ void scanDecoupled(const int *in, int *out, int *aggregates, int *prefixes, int *flags, int n) {
  __shared__ int red[ITEMS];
  __shared__ int exclusive;
  const int tile = blockIdx.x;
  const int i = tile * ITEMS + threadIdx.x;  // blockDim.x == ITEMS
  const int v = i < n ? in[i] : 0;
  const int aggregate = blockReduceSum(v, red);

  if (threadIdx.x == 0) {
    int excl = 0;
    if (tile == 0) {
      prefixes[0] = aggregate;
      atomicExch(&flags[0], FLAG_PREFIX); // expect: fence-missing
    } else {
      aggregates[tile] = aggregate;
      atomicExch(&flags[tile], FLAG_AGGREGATE); // expect: fence-missing
      for (int p = tile - 1; p >= 0; --p) {
        int f;
        while ((f = ((volatile int *)flags)[p]) == FLAG_INVALID) {
        }
        if (f == FLAG_PREFIX) {
          excl += prefixes[p]; // expect: fence-missing
          break;
        }
        excl += aggregates[p]; // expect: fence-missing
      }
      prefixes[tile] = excl + aggregate;
      atomicExch(&flags[tile], FLAG_PREFIX); // expect: fence-missing
    }
    exclusive = excl;
  }
  __syncthreads();
  // Inclusive scan of the tile in shared memory, offset by the tile's prefix.
  red[threadIdx.x] = v;
  __syncthreads();
  for (int off = 1; off < ITEMS; off <<= 1) {
    int t = threadIdx.x >= off ? red[threadIdx.x - off] : 0;
    __syncthreads();
    red[threadIdx.x] += t;
    __syncthreads();
  }
  if (i < n) out[i] = exclusive + red[threadIdx.x];
}
