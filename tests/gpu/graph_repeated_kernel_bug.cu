// graph_repeated_kernel_bug: one kernel in two nodes of one CUDA graph, the
// second after the first (an edge), and a third node of another kernel
// with no edge to them, writing a buffer of its own.
//
// The Sanitizer API keeps a graph node's detector state per kernel, so the
// two nodes of `add` would run with one state and look like one launch:
// warpcheck leaves them unchecked and says so, rather than pair threads of
// two launches as one. The other kernel's node is checked as usual: its
// race between two of its threads is found.
//
// EXPECT-MESSAGE: kernel add\(int\*, int\) runs in several nodes of one CUDA graph launch
// EXPECT: race-global other_write
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

#define NAME "graph_repeated_kernel_bug"

constexpr int kN = 4096;

__global__ void add(int* buf, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) buf[i] += v;
}

__global__ void other(int* out) {
  out[threadIdx.x % 32] = threadIdx.x;  // @other_write
}

int main() {
  int *buf, *out;
  CHECK(cudaMalloc(&buf, kN * sizeof(int)));
  CHECK(cudaMalloc(&out, 32 * sizeof(int)));
  CHECK(cudaMemset(buf, 0, kN * sizeof(int)));
  cudaGraph_t graph;
  CHECK(cudaGraphCreate(&graph, 0));
  int v = 3;
  void* args[] = {&buf, &v};
  cudaKernelNodeParams p = {};
  p.gridDim = dim3(kN / 256);
  p.blockDim = dim3(256);
  p.kernelParams = args;
  p.func = (void*)add;
  cudaGraphNode_t a, b, c;
  CHECK(cudaGraphAddKernelNode(&a, graph, nullptr, 0, &p));
  CHECK(cudaGraphAddKernelNode(&b, graph, &a, 1, &p));
  void* otherArgs[] = {&out};
  cudaKernelNodeParams q = {};
  q.gridDim = dim3(1);
  q.blockDim = dim3(64);
  q.kernelParams = otherArgs;
  q.func = (void*)other;
  CHECK(cudaGraphAddKernelNode(&c, graph, nullptr, 0, &q));
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CHECK(cudaGraphLaunch(exec, 0));
  CHECK(cudaDeviceSynchronize());
  int h;
  CHECK(cudaMemcpy(&h, buf, sizeof h, cudaMemcpyDeviceToHost));
  printf("%s: buf[0] = %d\n", NAME, h);
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaFree(buf));
  CHECK(cudaFree(out));
  return 0;
}
