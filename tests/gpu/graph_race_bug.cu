// graph_race_bug: the missing-barrier race of neighbour_read_bug.cu, launched
// through a CUDA graph (stream capture, instantiate, launch twice). Kernel
// nodes of graphs must be checked like direct launches.
//
// EXPECT: race-shared write read
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 256;

__global__ void shift_left(const int* in, int* out) {
  __shared__ int s[kThreads];
  int tid = threadIdx.x;
  s[tid] = in[tid] * 3;                        // @write
  out[tid] = s[(tid + 1) % kThreads] + 1;      // @read
}

int main() {
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, kThreads * sizeof(int)));
  CHECK(cudaMalloc(&d_out, kThreads * sizeof(int)));
  CHECK(cudaMemset(d_in, 1, kThreads * sizeof(int)));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
  shift_left<<<1, kThreads, 0, stream>>>(d_in, d_out);
  CHECK(cudaStreamEndCapture(stream, &graph));
  CHECK(cudaGraphInstantiate(&exec, graph, 0));
  for (int i = 0; i < 2; ++i) CHECK(cudaGraphLaunch(exec, stream));
  CHECK(cudaStreamSynchronize(stream));
  printf("graph_race_bug: graph launched twice\n");
  return 0;
}
