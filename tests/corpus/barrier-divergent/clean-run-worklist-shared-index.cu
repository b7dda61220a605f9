// corpus-run:
// Persistent blocks pull tiles from a global work counter: thread 0 grabs
// the next tile index with atomicAdd and parks it in shared memory, the
// block waits, and every thread reads the same index -- so the `break` when
// the work runs out is taken by the whole block together, and the barriers
// in the loop body are reached by all threads. The barrier at the end of
// the body keeps thread 0 from overwriting the index (and the tile) while
// others still use them.
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

constexpr int kBlock = 128, kTile = 128;

__global__ void reverseTiles(const int* in, int* out, int tiles, int* nextTile) {
  __shared__ int tile[kTile];
  __shared__ int current;
  int t = threadIdx.x;
  while (true) {
    if (t == 0) current = atomicAdd(nextTile, 1);
    __syncthreads();
    int id = current;
    if (id >= tiles) break;
    tile[t] = in[id * kTile + t];
    __syncthreads();
    out[id * kTile + t] = tile[kTile - 1 - t];
    __syncthreads();
  }
}

int main() {
  constexpr int tiles = 11, n = tiles * kTile, blocks = 3;
  static int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = i;
  int *d_in, *d_out, *d_next;
  CHECK(cudaMalloc(&d_in, sizeof h_in));
  CHECK(cudaMalloc(&d_out, sizeof h_out));
  CHECK(cudaMalloc(&d_next, sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_next, 0, sizeof(int)));
  reverseTiles<<<blocks, kBlock>>>(d_in, d_out, tiles, d_next);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += h_out[i] != (i / kTile) * kTile + kTile - 1 - i % kTile;
  printf("reverseTiles: %d of %d wrong\n", wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_next));
  return 0;
}
