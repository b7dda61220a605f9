// corpus-run:
// Level-synchronous BFS over a CSR graph (a 2-D grid), one launch per
// level, with block-level queue aggregation: a thread that claims an
// unvisited neighbour (device-scope atomicCAS on its distance) appends it
// to a queue in shared memory with atomicAdd_block on the block's own
// counter; after a barrier, thread 0 reserves room for the whole block
// queue in the next frontier with one device-scope atomicAdd on the global
// tail, and the block copies its queue there. Block scope only for what
// the block owns.
#include <cstdio>
#include <vector>
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

constexpr int kBlock = 32, kMaxDegree = 4;

__global__ void expandLevel(const int* rowStart, const int* adj, int* dist, const int* frontier, int frontierSize,
                            int* nextFrontier, unsigned int* nextTail, int level) {
  __shared__ int queue[kBlock * kMaxDegree];
  __shared__ unsigned int queued;
  __shared__ unsigned int base;
  if (threadIdx.x == 0) queued = 0;
  __syncthreads();
  int k = blockIdx.x * kBlock + threadIdx.x;
  if (k < frontierSize) {
    int u = frontier[k];
    for (int e = rowStart[u]; e < rowStart[u + 1]; ++e) {
      int v = adj[e];
      if (atomicCAS(&dist[v], -1, level + 1) == -1) queue[atomicAdd_block(&queued, 1u)] = v;
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) base = atomicAdd(nextTail, queued);
  __syncthreads();
  for (unsigned int q = threadIdx.x; q < queued; q += kBlock) nextFrontier[base + q] = queue[q];
}

int main() {
  constexpr int side = 96, nv = side * side;
  std::vector<int> rowStart(nv + 1), adj;
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x) {
      rowStart[y * side + x] = (int)adj.size();
      if (x > 0) adj.push_back(y * side + x - 1);
      if (x + 1 < side) adj.push_back(y * side + x + 1);
      if (y > 0) adj.push_back((y - 1) * side + x);
      if (y + 1 < side) adj.push_back((y + 1) * side + x);
    }
  rowStart[nv] = (int)adj.size();
  int *d_rowStart, *d_adj, *d_dist, *d_frontier[2];
  unsigned int* d_tail;
  CHECK(cudaMalloc(&d_rowStart, (nv + 1) * sizeof(int)));
  CHECK(cudaMalloc(&d_adj, adj.size() * sizeof(int)));
  CHECK(cudaMalloc(&d_dist, nv * sizeof(int)));
  CHECK(cudaMalloc(&d_frontier[0], nv * sizeof(int)));
  CHECK(cudaMalloc(&d_frontier[1], nv * sizeof(int)));
  CHECK(cudaMalloc(&d_tail, sizeof(unsigned int)));
  CHECK(cudaMemcpy(d_rowStart, rowStart.data(), (nv + 1) * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_adj, adj.data(), adj.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_dist, 0xff, nv * sizeof(int)));
  int source = 0, zero = 0;
  CHECK(cudaMemcpy(d_dist + source, &zero, sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_frontier[0], &source, sizeof(int), cudaMemcpyHostToDevice));
  int frontierSize = 1, levels = 0, cur = 0;
  while (frontierSize > 0) {
    CHECK(cudaMemset(d_tail, 0, sizeof(unsigned int)));
    int blocks = (frontierSize + kBlock - 1) / kBlock;
    expandLevel<<<blocks, kBlock>>>(d_rowStart, d_adj, d_dist, d_frontier[cur], frontierSize, d_frontier[1 - cur],
                                    d_tail, levels);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    unsigned int tail = 0;
    CHECK(cudaMemcpy(&tail, d_tail, sizeof tail, cudaMemcpyDeviceToHost));
    frontierSize = (int)tail;
    cur = 1 - cur;
    ++levels;
  }
  std::vector<int> dist(nv);
  CHECK(cudaMemcpy(dist.data(), d_dist, nv * sizeof(int), cudaMemcpyDeviceToHost));
  int farthest = 0;
  for (int v = 0; v < nv; ++v) farthest = dist[v] > farthest ? dist[v] : farthest;
  printf("bfs: %d vertices on a %dx%d grid, eccentricity of the source %d\n", nv, side, side, farthest);
  CHECK(cudaFree(d_rowStart));
  CHECK(cudaFree(d_adj));
  CHECK(cudaFree(d_dist));
  CHECK(cudaFree(d_frontier[0]));
  CHECK(cudaFree(d_frontier[1]));
  CHECK(cudaFree(d_tail));
  return 0;
}
