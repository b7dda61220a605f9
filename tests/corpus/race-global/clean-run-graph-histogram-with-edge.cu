// corpus-run:
// A histogram built by a hand-made CUDA graph, replayed for several batches
// of keys: one kernel node clears the bins, another counts the keys into
// them with atomicAdd, and the host reads the bins after each replay.
//
// The count node depends on the clear node: the graph runs them one after
// the other, and each launch of the graph after the previous one.
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

constexpr int kBins = 256, kKeys = 1 << 14, kThreads = 256;

__global__ void clear_bins(unsigned* bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kBins) bins[i] = 0;
}

__global__ void count_keys(const unsigned* keys, int n, unsigned* bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&bins[keys[i] % kBins], 1u);
}

int main() {
  unsigned *keys, *bins;
  CHECK(cudaMalloc(&keys, kKeys * sizeof(unsigned)));
  CHECK(cudaMalloc(&bins, kBins * sizeof(unsigned)));
  unsigned host[kKeys];
  for (int i = 0; i < kKeys; ++i) host[i] = (unsigned)(i * 2654435761u >> 7);
  CHECK(cudaMemcpy(keys, host, sizeof host, cudaMemcpyHostToDevice));

  cudaGraph_t graph;
  CHECK(cudaGraphCreate(&graph, 0));
  cudaGraphNode_t clear, count;
  void* clearArgs[] = {&bins};
  cudaKernelNodeParams p = {};
  p.func = (void*)clear_bins;
  p.gridDim = dim3(1);
  p.blockDim = dim3(kBins);
  p.kernelParams = clearArgs;
  CHECK(cudaGraphAddKernelNode(&clear, graph, nullptr, 0, &p));
  int n = kKeys;
  void* countArgs[] = {&keys, &n, &bins};
  p.func = (void*)count_keys;
  p.gridDim = dim3(kKeys / kThreads);
  p.blockDim = dim3(kThreads);
  p.kernelParams = countArgs;
  CHECK(cudaGraphAddKernelNode(&count, graph, &clear, 1, &p));
  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, 0));

  unsigned total = 0;
  for (int batch = 0; batch < 3; ++batch) {
    CHECK(cudaGraphLaunch(exec, 0));
    unsigned h[kBins];
    CHECK(cudaMemcpy(h, bins, sizeof h, cudaMemcpyDeviceToHost));
    for (int b = 0; b < kBins; ++b) total += h[b];
  }
  printf("histogram: 3 batches of %d keys into %d bins\n", kKeys, kBins);
  fprintf(stderr, "keys counted: %u (3 x %d when the clear runs first)\n", total, kKeys);
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaFree(keys));
  CHECK(cudaFree(bins));
  return 0;
}
