// corpus-run:
// Single-pass inclusive scan with a serial chain of tile prefixes: tile b
// reduces its 256 items, waits until tile b-1 has raised its flag, fences,
// reads tile b-1's inclusive prefix, stores its own and raises its flag
// with a volatile store. The waiting side is right, but nothing orders the
// store of prefix[b] before the flag: tile b+1 can see the flag and read an
// old prefix.
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

constexpr int kTileItems = 256;

__global__ void chainedScan(const int* in, int* out, int* prefix, int* ready) {
  __shared__ int s[kTileItems];
  __shared__ int carry;
  const int tile = blockIdx.x, t = threadIdx.x;
  s[t] = in[tile * kTileItems + t];
  __syncthreads();
  // Hillis-Steele inclusive scan of the tile.
  for (int off = 1; off < kTileItems; off <<= 1) {
    int v = t >= off ? s[t - off] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  if (t == 0) {
    int before = 0;
    if (tile > 0) {
      while (((volatile int*)ready)[tile - 1] == 0) {  // expect-run: race-volatile
      }
      __threadfence();
      before = prefix[tile - 1];  // expect-run: fence-missing
    }
    prefix[tile] = before + s[kTileItems - 1];
    ((volatile int*)ready)[tile] = 1;  // expect: fence-missing  // expect-run: race-volatile
    carry = before;
  }
  __syncthreads();
  out[tile * kTileItems + t] = carry + s[t];
}

int main() {
  constexpr int tiles = 16, n = tiles * kTileItems;
  int *in, *out, *prefix, *ready;
  CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  CHECK(cudaMalloc(&prefix, tiles * sizeof(int)));
  CHECK(cudaMalloc(&ready, tiles * sizeof(int)));
  for (int i = 0; i < n; ++i) in[i] = (i * 7) % 11;
  CHECK(cudaMemset(ready, 0, tiles * sizeof(int)));
  chainedScan<<<tiles, kTileItems>>>(in, out, prefix, ready);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int wrong = 0, running = 0;
  for (int i = 0; i < n; ++i) {
    running += in[i];
    if (out[i] != running) ++wrong;
  }
  printf("chainedScan: %d items in %d tiles\n", n, tiles);
  fprintf(stderr, "%d wrong prefixes\n", wrong);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(prefix));
  CHECK(cudaFree(ready));
  return 0;
}
