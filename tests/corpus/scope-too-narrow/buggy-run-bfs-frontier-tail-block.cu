// corpus-run:
// Level-synchronous BFS over a CSR graph (a 2-D grid), one launch per
// level. A thread per frontier vertex visits its neighbours, claims the
// unvisited ones with a device-scope atomicCAS on their distance, and
// appends each claimed vertex to the next frontier by bumping the
// frontier's tail counter. The tail counter was switched to
// atomicAdd_block while tuning: it is one counter for the whole grid, and
// a block-scope atomicAdd is atomic only with respect to the threads of one
// block, so two blocks may reserve the same slot of the next frontier and
// one vertex overwrites the other. The tail must be bumped with a
// device-scope atomicAdd.
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

__global__ void expandLevel(const int* rowStart, const int* adj, int* dist, const int* frontier,
                            int frontierSize, int* nextFrontier, unsigned int* nextTail, int level) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= frontierSize) return;
  int u = frontier[k];
  for (int e = rowStart[u]; e < rowStart[u + 1]; ++e) {
    int v = adj[e];
    if (atomicCAS(&dist[v], -1, level + 1) == -1) {
      unsigned slot = atomicAdd_block(nextTail, 1u);  // expect-run: scope-too-narrow
      nextFrontier[slot] = v;
    }
  }
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
  int frontierSize = 1, level = 0, cur = 0;
  while (frontierSize > 0 && level < 4 * side) {
    CHECK(cudaMemset(d_tail, 0, sizeof(unsigned int)));
    int blocks = (frontierSize + 31) / 32;
    expandLevel<<<blocks, 32>>>(d_rowStart, d_adj, d_dist, d_frontier[cur], frontierSize, d_frontier[1 - cur],
                                d_tail, level);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    unsigned int tail = 0;
    CHECK(cudaMemcpy(&tail, d_tail, sizeof tail, cudaMemcpyDeviceToHost));
    frontierSize = (int)tail;
    cur = 1 - cur;
    ++level;
  }
  printf("bfs: %d vertices on a %dx%d grid\n", nv, side, side);
  fprintf(stderr, "levels = %d\n", level);
  CHECK(cudaFree(d_rowStart));
  CHECK(cudaFree(d_adj));
  CHECK(cudaFree(d_dist));
  CHECK(cudaFree(d_frontier[0]));
  CHECK(cudaFree(d_frontier[1]));
  CHECK(cudaFree(d_tail));
  return 0;
}
