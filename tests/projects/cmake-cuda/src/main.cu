#include "kernels/kernels.cuh"
#include <cstdio>

#ifndef CUDA_API_PER_THREAD_DEFAULT_STREAM
#error "app is built with --default-stream per-thread"
#endif

int main() {
  const int n = 1 << 12;
  float *data = nullptr, *sum = nullptr;
  cudaMalloc(&data, n * sizeof(float));
  cudaMallocManaged(&sum, sizeof(float));
  cudaMemset(data, 0, n * sizeof(float));
  *sum = 0.0f;
  launchReduce(data, sum, n, 2.0f, cudaStreamPerThread);
  cudaStreamSynchronize(cudaStreamPerThread);
  std::printf("sum %f on %d host threads\n", *sum, hostThreads());
  cudaFree(data);
  cudaFree(sum);
  return 0;
}
