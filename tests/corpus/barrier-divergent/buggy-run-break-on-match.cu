// corpus-run:
// Batched lookup: every thread searches its query in a key table that the
// block streams through shared memory one tile at a time, then the block
// counts the queries that were not found. A thread that finds its key
// `break`s out of the tile loop -- past the barrier that ends the loop body
// -- and waits at the barrier after the loop while the others wait at the
// end of the body: two different barriers in one interval. Those threads
// also stop staging their share of later tiles, and thread 0 reports the
// miss count before the last searchers have added to it. The run reports
// the pair at the barrier after the loop (the later one in the code).
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

__global__ void lookup(const int* keys, int nKeys, const int* queries, int* pos, int* misses) {
  __shared__ int tile[kTile];
  __shared__ int missing;
  int t = threadIdx.x;
  int q = queries[blockIdx.x * kBlock + t];
  if (t == 0) missing = 0;
  int found = -1;
  for (int base = 0; base < nKeys; base += kTile) {
    tile[t] = base + t < nKeys ? keys[base + t] : INT_MIN;
    __syncthreads();  // expect: barrier-divergent
    for (int k = 0; k < kTile; ++k)
      if (tile[k] == q) {
        found = base + k;
        break;
      }
    if (found >= 0) break;
    __syncthreads();  // expect: barrier-divergent  // expect-run-also: barrier-divergent
  }
  pos[blockIdx.x * kBlock + t] = found;
  if (found < 0) atomicAdd(&missing, 1);
  __syncthreads();  // expect-run: barrier-divergent
  if (t == 0) misses[blockIdx.x] = missing;
}

int main() {
  constexpr int nKeys = 3 * kTile, blocks = 2, nq = blocks * kBlock;
  static int h_keys[nKeys], h_q[nq], h_pos[nq];
  int h_miss[blocks];
  for (int k = 0; k < nKeys; ++k) h_keys[k] = 7 * k + 3;
  // Sorted queries: warp w's hit tile w (whole warps leave the loop
  // together); the last warp's queries are absent.
  for (int j = 0; j < nq; ++j) {
    int w = (j % kBlock) / 32, lane = j % 32;
    h_q[j] = w < 3 ? h_keys[w * kTile + 32 * w + lane] : 7 * lane + 4;
  }
  int *d_keys, *d_q, *d_pos, *d_miss;
  CHECK(cudaMalloc(&d_keys, sizeof h_keys));
  CHECK(cudaMalloc(&d_q, sizeof h_q));
  CHECK(cudaMalloc(&d_pos, sizeof h_pos));
  CHECK(cudaMalloc(&d_miss, sizeof h_miss));
  CHECK(cudaMemcpy(d_keys, h_keys, sizeof h_keys, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_q, h_q, sizeof h_q, cudaMemcpyHostToDevice));
  lookup<<<blocks, kBlock>>>(d_keys, nKeys, d_q, d_pos, d_miss);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_pos, d_pos, sizeof h_pos, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_miss, d_miss, sizeof h_miss, cudaMemcpyDeviceToHost));
  int hits = 0;
  for (int j = 0; j < nq; ++j) hits += h_pos[j] >= 0;
  printf("lookup: %d queries\n", nq);
  fprintf(stderr, "%d hits; misses per block %d %d (should be 32 each)\n", hits, h_miss[0], h_miss[1]);
  CHECK(cudaFree(d_keys));
  CHECK(cudaFree(d_q));
  CHECK(cudaFree(d_pos));
  CHECK(cudaFree(d_miss));
  return 0;
}
