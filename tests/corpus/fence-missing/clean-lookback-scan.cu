// Single-pass scan with chained look-back, fenced on both sides (the
// pattern CUB's decoupled look-back follows).
#include <cuda_runtime.h>

#define TILE_ITEMS 256

struct TileStatus {
  int *inclusivePrefix;
  volatile int *ready;
};

__global__ void scanTiles(const int *in, int *out, TileStatus st, int n) {
  __shared__ int s[TILE_ITEMS];
  __shared__ int carry;
  int base = blockIdx.x * TILE_ITEMS;
  int tid = threadIdx.x;
  s[tid] = base + tid < n ? in[base + tid] : 0;
  __syncthreads();
  for (int off = 1; off < TILE_ITEMS; off <<= 1) {
    int add = tid >= off ? s[tid - off] : 0;
    __syncthreads();
    s[tid] += add;
    __syncthreads();
  }
  if (tid == 0) {
    int prefix = 0;
    if (blockIdx.x > 0) {
      while (st.ready[blockIdx.x - 1] == 0) {
        __nanosleep(32);
      }
      __threadfence();
      prefix = st.inclusivePrefix[blockIdx.x - 1];
    }
    st.inclusivePrefix[blockIdx.x] = prefix + s[TILE_ITEMS - 1];
    __threadfence();
    st.ready[blockIdx.x] = 1;
    carry = prefix;
  }
  __syncthreads();
  if (base + tid < n) out[base + tid] = carry + s[tid];
}
