// corpus-run:
// Batched lookup of queries in a key table streamed through shared memory,
// leaving the tile loop early -- correctly: a thread that finds its key
// only records it and keeps staging tiles; the block counts its finished
// threads with a shared atomic and leaves the loop when the count read
// after the barrier says everybody is done. That count is the same for all
// threads, so the `break` is taken by the whole block at once.
#include <climits>
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

__global__ void lookup(const int* keys, int nKeys, const int* queries, int* pos) {
  __shared__ int tile[kTile];
  __shared__ int done;
  int t = threadIdx.x;
  int q = queries[blockIdx.x * kBlock + t];
  if (t == 0) done = 0;
  int found = -1;
  for (int base = 0; base < nKeys; base += kTile) {
    tile[t] = base + t < nKeys ? keys[base + t] : INT_MIN;
    __syncthreads();
    if (found < 0) {
      for (int k = 0; k < kTile; ++k)
        if (tile[k] == q) {
          found = base + k;
          atomicAdd(&done, 1);
          break;
        }
    }
    __syncthreads();
    if (done == kBlock) break;
  }
  pos[blockIdx.x * kBlock + t] = found;
}

int main() {
  constexpr int nKeys = 4 * kTile, blocks = 2, nq = blocks * kBlock;
  static int h_keys[nKeys], h_q[nq], h_pos[nq];
  for (int k = 0; k < nKeys; ++k) h_keys[k] = 5 * k + 1;
  // Block 0's queries all lie in the first two tiles; block 1 has misses.
  for (int j = 0; j < nq; ++j) h_q[j] = j < kBlock ? h_keys[(j * 3) % (2 * kTile)] : 5 * j + (j % 3 ? 1 : 2);
  int *d_keys, *d_q, *d_pos;
  CHECK(cudaMalloc(&d_keys, sizeof h_keys));
  CHECK(cudaMalloc(&d_q, sizeof h_q));
  CHECK(cudaMalloc(&d_pos, sizeof h_pos));
  CHECK(cudaMemcpy(d_keys, h_keys, sizeof h_keys, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_q, h_q, sizeof h_q, cudaMemcpyHostToDevice));
  lookup<<<blocks, kBlock>>>(d_keys, nKeys, d_q, d_pos);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_pos, d_pos, sizeof h_pos, cudaMemcpyDeviceToHost));
  int hits[blocks] = {0, 0};
  for (int j = 0; j < nq; ++j) hits[j / kBlock] += h_pos[j] >= 0;
  printf("lookup: hits per block %d %d\n", hits[0], hits[1]);
  CHECK(cudaFree(d_keys));
  CHECK(cudaFree(d_q));
  CHECK(cudaFree(d_pos));
  return 0;
}
