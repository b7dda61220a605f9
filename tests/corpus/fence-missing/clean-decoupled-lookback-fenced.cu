// Single-pass inclusive scan with decoupled look-back, fenced the way CUB's
// tile state does it: every value is stored, then __threadfence(), then its
// flag; a look-back that sees a flag fences before reading the value the
// flag announces.
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
      __threadfence();
      atomicExch(&flags[0], FLAG_PREFIX);
    } else {
      aggregates[tile] = aggregate;
      __threadfence();
      atomicExch(&flags[tile], FLAG_AGGREGATE);
      for (int p = tile - 1; p >= 0; --p) {
        int f;
        while ((f = ((volatile int *)flags)[p]) == FLAG_INVALID) {
        }
        __threadfence();
        if (f == FLAG_PREFIX) {
          excl += prefixes[p];
          break;
        }
        excl += aggregates[p];
      }
      prefixes[tile] = excl + aggregate;
      __threadfence();
      atomicExch(&flags[tile], FLAG_PREFIX);
    }
    exclusive = excl;
  }
  __syncthreads();
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
