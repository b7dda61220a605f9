// PageRank with all iterations in one persistent kernel (pull-based CSR of
// the transposed graph): each iteration computes new ranks, grid-syncs,
// copies them back and grid-syncs again. The driver loops over graphs and
// launches it with <<<>>> on a stream.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__device__ void pagerankIteration(cg::grid_group &grid, const int *inPtr, const int *inIdx, const int *outDeg,
                                  const float *rank, float *next, int n, float damping) {
  for (int v = grid.thread_rank(); v < n; v += grid.size()) {
    float s = 0.f;
    for (int e = inPtr[v]; e < inPtr[v + 1]; ++e) s += rank[inIdx[e]] / outDeg[inIdx[e]];
    next[v] = (1.f - damping) / n + damping * s;
  }
  grid.sync();
}

__global__ void pagerank(const int *inPtr, const int *inIdx, const int *outDeg, float *rank, float *next, int n,
                         float damping, int iters) {
  cg::grid_group grid = cg::this_grid();
  for (int it = 0; it < iters; ++it) {
    pagerankIteration(grid, inPtr, inIdx, outDeg, rank, next, n, damping);
    for (int v = grid.thread_rank(); v < n; v += grid.size()) rank[v] = next[v];
    grid.sync();
  }
}

struct Graph {
  const int *inPtr, *inIdx, *outDeg;
  float *rank, *next;
  int n;
};

void rankAll(const Graph *graphs, int count, cudaStream_t stream) {
  for (int g = 0; g < count; ++g)
    pagerank<<<216, 256, 0, stream>>>(graphs[g].inPtr, graphs[g].inIdx, graphs[g].outDeg, graphs[g].rank, // expect: grid-sync-without-cooperative-launch
                                      graphs[g].next, graphs[g].n, 0.85f, 50);
}
