// graph_edges_fixed: the same two kernel nodes with an edge from the first to the second: the second runs after the first, so the writes are ordered.
// The graph is launched twice; each launch runs on one stream, after the
// previous one.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

#define NAME "graph_edges_fixed"

constexpr int kN = 4096;

__global__ void fill(int* buf, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) buf[i] = v;                      // @a_write
}

__global__ void scale(int* buf, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) buf[i] = 2 * v;                  // @b_write
}

int main() {
  int* buf;
  CHECK(cudaMalloc(&buf, kN * sizeof(int)));
  cudaGraph_t graph;
  CHECK(cudaGraphCreate(&graph, 0));
  int v = 3;
  void* args[] = {&buf, &v};
  cudaKernelNodeParams p = {};
  p.gridDim = dim3(kN / 256);
  p.blockDim = dim3(256);
  p.kernelParams = args;
  p.func = (void*)fill;
  cudaGraphNode_t a, b;
  CHECK(cudaGraphAddKernelNode(&a, graph, nullptr, 0, &p));
  p.func = (void*)scale;
  CHECK(cudaGraphAddKernelNode(&b, graph, &a, 1, &p));
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int launch = 0; launch < 2; ++launch) CHECK(cudaGraphLaunch(exec, 0));
  CHECK(cudaDeviceSynchronize());
  int h[4];
  CHECK(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  printf("%s: graph launched twice\n", NAME);
  fprintf(stderr, "%s: buf[0] = %d\n", NAME, h[0]);
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaFree(buf));
  return 0;
}
