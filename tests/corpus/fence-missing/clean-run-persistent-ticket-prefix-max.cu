// corpus-run:
// Running maximum over 64 tiles with a persistent kernel: 8 blocks loop,
// each taking the next tile from a ticket counter (so a tile's
// predecessor is always already taken by a running block). For tile i,
// thread 0 waits until carryReady[i-1] is set (volatile loads), fences,
// reads the carried maximum, stores the tile's own carry, fences, and sets
// carryReady[i] with a volatile store. Fenced on the publishing and on the
// observing side: correct.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kTileItems = 256, kTiles = 64;

__global__ void runningMax(const int* in, int* out, int* carry, int* carryReady, unsigned int* nextTile) {
  __shared__ int s[kTileItems];
  __shared__ unsigned int tile;
  __shared__ int before;
  const int t = threadIdx.x;
  while (true) {
    if (t == 0) tile = atomicAdd(nextTile, 1u);
    __syncthreads();
    const unsigned int i = tile;
    if (i >= kTiles) break;
    s[t] = in[i * kTileItems + t];
    __syncthreads();
    for (int off = 1; off < kTileItems; off <<= 1) {
      int v = t >= off ? s[t - off] : s[t];
      __syncthreads();
      s[t] = max(s[t], v);
      __syncthreads();
    }
    if (t == 0) {
      int m = s[kTileItems - 1];
      int prev = -2147483647 - 1;
      if (i > 0) {
        while (((volatile int*)carryReady)[i - 1] == 0) {  // expect-run-also: race-volatile
        }
        __threadfence();
        prev = carry[i - 1];
      }
      carry[i] = max(prev, m);
      __threadfence();
      ((volatile int*)carryReady)[i] = 1;  // expect-run: race-volatile
      before = prev;
    }
    __syncthreads();
    out[i * kTileItems + t] = max(before, s[t]);
    __syncthreads();
  }
}

int main() {
  constexpr int n = kTiles * kTileItems;
  int *in, *out, *carry, *carryReady;
  unsigned int* nextTile;
  CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  CHECK(cudaMalloc(&carry, kTiles * sizeof(int)));
  CHECK(cudaMalloc(&carryReady, kTiles * sizeof(int)));
  CHECK(cudaMalloc(&nextTile, sizeof(unsigned int)));
  for (int i = 0; i < n; ++i) in[i] = (int)((i * 2654435761u) % 100000u);
  CHECK(cudaMemset(carryReady, 0, kTiles * sizeof(int)));
  CHECK(cudaMemset(nextTile, 0, sizeof(unsigned int)));
  runningMax<<<8, kTileItems>>>(in, out, carry, carryReady, nextTile);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int wrong = 0, m = in[0];
  for (int i = 0; i < n; ++i) {
    m = in[i] > m ? in[i] : m;
    if (out[i] != m) ++wrong;
  }
  printf("runningMax: %d items in %d tiles, %d wrong\n", n, kTiles, wrong);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(carry));
  CHECK(cudaFree(carryReady));
  CHECK(cudaFree(nextTile));
  return 0;
}
