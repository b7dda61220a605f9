// corpus-run:
// Single-pass inclusive scan with decoupled look-back where each tile's
// status and value share one 64-bit word (as CUB does for small values):
// a tile publishes {AGGREGATE, aggregate} and later {PREFIX, inclusive}
// with one atomicExch each, and the look-back reads the whole word with a
// volatile load. The value travels inside the flag: there is no separate
// data store for the flag to overtake, so no fence is needed.
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
constexpr unsigned long long kAggregate = 1, kPrefix = 2;

__device__ unsigned long long pack(unsigned long long status, int value) {
  return (status << 32) | (unsigned int)value;
}

__global__ void packedScan(const int* in, int* out, unsigned long long* tileState) {
  __shared__ int s[kTileItems];
  __shared__ int exclusive;
  const int tile = blockIdx.x, t = threadIdx.x;
  s[t] = in[tile * kTileItems + t];
  __syncthreads();
  for (int off = 1; off < kTileItems; off <<= 1) {
    int v = t >= off ? s[t - off] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  if (t == 0) {
    const int total = s[kTileItems - 1];
    int excl = 0;
    if (tile > 0) {
      atomicExch(&tileState[tile], pack(kAggregate, total));
      for (int p = tile - 1; p >= 0; --p) {
        unsigned long long word;
        while (((word = ((volatile unsigned long long*)tileState)[p]) >> 32) == 0) {  // expect-run: race-volatile
        }
        excl += (int)(unsigned int)word;
        if ((word >> 32) == kPrefix) break;
      }
    }
    atomicExch(&tileState[tile], pack(kPrefix, excl + total));
    exclusive = excl;
  }
  __syncthreads();
  out[tile * kTileItems + t] = exclusive + s[t];
}

int main() {
  constexpr int tiles = 16, n = tiles * kTileItems;
  int *in, *out;
  unsigned long long* tileState;
  CHECK(cudaMallocManaged(&in, n * sizeof(int)));
  CHECK(cudaMallocManaged(&out, n * sizeof(int)));
  CHECK(cudaMalloc(&tileState, tiles * sizeof(unsigned long long)));
  for (int i = 0; i < n; ++i) in[i] = (i * 3) % 10;
  CHECK(cudaMemset(tileState, 0, tiles * sizeof(unsigned long long)));
  packedScan<<<tiles, kTileItems>>>(in, out, tileState);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int wrong = 0, running = 0;
  for (int i = 0; i < n; ++i) {
    running += in[i];
    if (out[i] != running) ++wrong;
  }
  printf("packedScan: %d items in %d tiles, %d wrong\n", n, tiles, wrong);
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  CHECK(cudaFree(tileState));
  return 0;
}
