// Benchmark: block reduction of 64M floats. Blocks of 256 threads each add
// 2048 inputs (8 per thread, coalesced), reduce in shared memory with a
// barrier after every halving down to 64 values, then finish in warp 0 with
// __shfl_down_sync. One partial sum per block; the host adds the partials.
// Race-free.
//
//   reduce [launches=5] [check]
//
// The inputs are multiples of 1/1024 in [0, 1), so each block's float sum is
// exact: the checksum does not depend on the order of the adds, and equals
// the CPU's sum.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#include "../../tests/gpu/cuda_check.h"
#include "launch_timer.h"

constexpr long long N = 64ll << 20;
constexpr int kThreads = 256;
constexpr int kPerThread = 8;
constexpr int kPerBlock = kThreads * kPerThread;
constexpr int kBlocks = (int)(N / kPerBlock);

__global__ void block_reduce(const float* in, float* partial) {
  __shared__ float s[kThreads];
  int tid = threadIdx.x;
  const float* base = in + (long long)blockIdx.x * kPerBlock;
  float v = 0.0f;
#pragma unroll
  for (int i = 0; i < kPerThread; ++i) v += base[i * kThreads + tid];
  s[tid] = v;
  __syncthreads();
  for (int stride = kThreads / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
    v = s[tid] + s[tid + 32];
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (tid == 0) partial[blockIdx.x] = v;
  }
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 5;
  (void)(argc > 2 && strcmp(argv[2], "check") == 0);   // the check is always complete
  std::vector<float> in(N);
  for (long long i = 0; i < N; ++i) in[i] = (float)((unsigned)(i * 2654435761ull >> 7) & 1023u) / 1024.0f;
  float *d_in, *d_partial;
  CHECK(cudaMalloc(&d_in, N * sizeof(float)));
  CHECK(cudaMalloc(&d_partial, kBlocks * sizeof(float)));
  CHECK(cudaMemcpy(d_in, in.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start));
  LaunchTimer timer;
  timer.mark();
  for (int l = 0; l < launches; ++l) {
    block_reduce<<<kBlocks, kThreads>>>(d_in, d_partial);
    timer.mark();
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  std::vector<float> partial(kBlocks);
  CHECK(cudaMemcpy(partial.data(), d_partial, kBlocks * sizeof(float), cudaMemcpyDeviceToHost));
  double sum = 0, want = 0;
  for (int b = 0; b < kBlocks; ++b) sum += partial[b];
  for (long long i = 0; i < N; ++i) want += in[i];
  printf("reduce %lld floats, %d blocks, %d launches\n", N, kBlocks, launches);
  printf("checksum: %.6f\n", sum);
  printf("verified: %s\n", sum == want ? "sum matches the CPU" : "SUM DIFFERS FROM THE CPU");
  printf("kernel_ms: %.3f\n", ms);
  timer.print();
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_partial));
  return 0;
}
