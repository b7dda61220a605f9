// Persistent level-synchronous BFS with grid.sync() between levels. The
// host records the launch into a CUDA graph with stream capture, using the
// plain <<<>>> launch inside the capture: the captured node is not a
// cooperative launch either.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
namespace cg = cooperative_groups;

__global__ void bfsAllLevels(const int *rowPtr, const int *colIdx, int *depth, int *queues, int *sizes, int n) {
  cg::grid_group grid = cg::this_grid();
  for (int level = 0;; ++level) {
    const int cur = level & 1;
    const int size = sizes[cur];
    if (size == 0) break;
    const int *frontier = queues + cur * n;
    int *next = queues + (cur ^ 1) * n;
    for (int t = grid.thread_rank(); t < size; t += grid.size()) {
      const int v = frontier[t];
      for (int e = rowPtr[v]; e < rowPtr[v + 1]; ++e)
        if (atomicCAS(&depth[colIdx[e]], -1, level + 1) == -1) next[atomicAdd(&sizes[cur ^ 1], 1)] = colIdx[e];
    }
    grid.sync();
    if (grid.thread_rank() == 0) sizes[cur] = 0;
    grid.sync();
  }
}

cudaGraphExec_t captureBfs(const int *rowPtr, const int *colIdx, int *depth, int *queues, int *sizes, int n,
                           cudaStream_t s) {
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  bfsAllLevels<<<132, 512, 0, s>>>(rowPtr, colIdx, depth, queues, sizes, n); // expect: grid-sync-without-cooperative-launch
  cudaStreamEndCapture(s, &graph);
  cudaGraphInstantiate(&exec, graph, 0);
  return exec;
}
