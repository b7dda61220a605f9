// corpus-run:
// Pull-style breadth-first search in one launch: each thread owns a vertex
// and each block a slice of the graph. At every level a block marks which
// of its vertices are on the frontier, stores how many, and arrives at the
// level's counter; then every block waits until all blocks arrived and
// pulls the next level from its vertices' in-neighbours, which other
// blocks own. Thread 0 arrives with a plain atomicAdd right after the
// barrier that follows the frontier stores, with no __threadfence(): a
// block can see everybody arrived and still read an old frontier flag or
// count of another block. The waiting side fences.
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

constexpr int kBlocks = 16, kThreads = 64, kVertices = kBlocks * kThreads, kLevels = 10, kDegree = 4;

__global__ void bfsPull(const int* inNbr, int source, int* frontier, int* found, int* arrived, int* dist) {
  __shared__ int count[kThreads];
  __shared__ int frontierSize;
  const int t = threadIdx.x, b = blockIdx.x, v = b * kThreads + t;
  int myDist = v == source ? 0 : -1;
  int onFrontier = v == source;
  for (int level = 0; level < kLevels; ++level) {
    frontier[level * kVertices + v] = onFrontier;
    count[t] = onFrontier;
    __syncthreads();
    for (int s = kThreads / 2; s > 0; s >>= 1) {
      if (t < s) count[t] += count[t + s];
      __syncthreads();
    }
    if (t == 0) {
      found[level * kBlocks + b] = count[0];
      atomicAdd(&arrived[level], 1);  // expect: fence-missing  // expect-run: fence-missing
      while (((volatile int*)arrived)[level] < kBlocks) {  // expect-run: race-volatile
      }
      __threadfence();
      int total = 0;
      for (int o = 0; o < kBlocks; ++o) total += found[level * kBlocks + o];  // expect-run-also: fence-missing
      frontierSize = total;
    }
    __syncthreads();
    onFrontier = 0;
    if (frontierSize > 0 && myDist < 0) {
      for (int e = 0; e < kDegree; ++e) {
        int u = inNbr[v * kDegree + e];
        if (frontier[level * kVertices + u]) onFrontier = 1;  // expect-run-also: fence-missing
      }
      if (onFrontier) myDist = level + 1;
    }
  }
  dist[v] = myDist;
}

int main() {
  int *inNbr, *frontier, *found, *arrived, *dist;
  CHECK(cudaMallocManaged(&inNbr, kVertices * kDegree * sizeof(int)));
  CHECK(cudaMalloc(&frontier, kLevels * kVertices * sizeof(int)));
  CHECK(cudaMalloc(&found, kLevels * kBlocks * sizeof(int)));
  CHECK(cudaMalloc(&arrived, kLevels * sizeof(int)));
  CHECK(cudaMallocManaged(&dist, kVertices * sizeof(int)));
  for (int v = 0; v < kVertices; ++v) {
    inNbr[v * kDegree + 0] = (v + 1) % kVertices;
    inNbr[v * kDegree + 1] = (v + kVertices - 1) % kVertices;
    inNbr[v * kDegree + 2] = (v * 5 + 1) % kVertices;
    inNbr[v * kDegree + 3] = (v * 7 + 3) % kVertices;
  }
  CHECK(cudaMemset(arrived, 0, kLevels * sizeof(int)));
  bfsPull<<<kBlocks, kThreads>>>(inNbr, 0, frontier, found, arrived, dist);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int reached = 0, deepest = 0;
  for (int v = 0; v < kVertices; ++v)
    if (dist[v] >= 0) {
      ++reached;
      if (dist[v] > deepest) deepest = dist[v];
    }
  printf("bfsPull: %d vertices, %d levels\n", kVertices, kLevels);
  fprintf(stderr, "reached %d vertices, deepest level %d\n", reached, deepest);
  CHECK(cudaFree(inNbr));
  CHECK(cudaFree(frontier));
  CHECK(cudaFree(found));
  CHECK(cudaFree(arrived));
  CHECK(cudaFree(dist));
  return 0;
}
