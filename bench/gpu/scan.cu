// Benchmark: exclusive prefix sum of 16M ints, in three kernels:
//   1. each block of 1024 threads scans 2048 elements in shared memory
//      (Blelloch: up-sweep, clear the root, down-sweep; a barrier before
//      every level) and writes its block total;
//   2. one block scans the 8192 block totals: 8 per thread sequentially, then
//      a Hillis-Steele scan of the 1024 thread totals in shared memory (read,
//      barrier, write, barrier at every step);
//   3. every element adds its block's offset.
// Race-free.
//
//   scan [launches=5] [check]
//
// Prints a checksum, a verification line (every element against the CPU) and
// `kernel_ms:` (the three kernels of every launch, CUDA events).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#include "../../tests/gpu/cuda_check.h"
#include "launch_timer.h"

constexpr int N = 16 << 20;
constexpr int kThreads = 1024;
constexpr int kPerBlock = 2 * kThreads;
constexpr int kBlocks = N / kPerBlock;          // 8192
constexpr int kSumsPerThread = kBlocks / kThreads;  // 8

__global__ void block_scan(const int* in, int* out, int* block_sums) {
  __shared__ int temp[kPerBlock];
  int tid = threadIdx.x;
  const int* src = in + (long long)blockIdx.x * kPerBlock;
  temp[tid] = src[tid];
  temp[tid + kThreads] = src[tid + kThreads];
  int offset = 1;
  for (int d = kPerBlock >> 1; d > 0; d >>= 1) {   // up-sweep
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
    }
    offset <<= 1;
  }
  if (tid == 0) {
    block_sums[blockIdx.x] = temp[kPerBlock - 1];
    temp[kPerBlock - 1] = 0;
  }
  for (int d = 1; d < kPerBlock; d <<= 1) {        // down-sweep
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      int t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] += t;
    }
  }
  __syncthreads();
  int* dst = out + (long long)blockIdx.x * kPerBlock;
  dst[tid] = temp[tid];
  dst[tid + kThreads] = temp[tid + kThreads];
}

__global__ void scan_block_sums(int* sums) {
  __shared__ int temp[kThreads];
  int tid = threadIdx.x;
  int local[kSumsPerThread];
  int total = 0;
#pragma unroll
  for (int j = 0; j < kSumsPerThread; ++j) {
    local[j] = total;
    total += sums[tid * kSumsPerThread + j];
  }
  temp[tid] = total;
  __syncthreads();
  for (int off = 1; off < kThreads; off <<= 1) {   // Hillis-Steele, inclusive
    int v = tid >= off ? temp[tid - off] : 0;
    __syncthreads();
    temp[tid] += v;
    __syncthreads();
  }
  int base = temp[tid] - total;
#pragma unroll
  for (int j = 0; j < kSumsPerThread; ++j) sums[tid * kSumsPerThread + j] = base + local[j];
}

__global__ void add_offsets(int* out, const int* sums) {
  int add = sums[blockIdx.x];
  int* dst = out + (long long)blockIdx.x * kPerBlock;
  dst[threadIdx.x] += add;
  dst[threadIdx.x + kThreads] += add;
}

int main(int argc, char** argv) {
  int launches = argc > 1 ? atoi(argv[1]) : 5;
  (void)(argc > 2 && strcmp(argv[2], "check") == 0);   // the check is always complete
  std::vector<int> in(N), out(N);
  for (int i = 0; i < N; ++i) in[i] = (int)((i * 2654435761u) >> 28) % 10;
  int *d_in, *d_out, *d_sums;
  CHECK(cudaMalloc(&d_in, N * sizeof(int)));
  CHECK(cudaMalloc(&d_out, N * sizeof(int)));
  CHECK(cudaMalloc(&d_sums, kBlocks * sizeof(int)));
  CHECK(cudaMemcpy(d_in, in.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecord(start));
  LaunchTimer timer;
  timer.mark();
  for (int l = 0; l < launches; ++l) {
    block_scan<<<kBlocks, kThreads>>>(d_in, d_out, d_sums);
    scan_block_sums<<<1, kThreads>>>(d_sums);
    add_offsets<<<kBlocks, kThreads>>>(d_out, d_sums);
    timer.mark();
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  CHECK(cudaMemcpy(out.data(), d_out, N * sizeof(int), cudaMemcpyDeviceToHost));
  long long running = 0, wrong = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < N; ++i) {
    if (out[i] != running) ++wrong;
    running += in[i];
    checksum = checksum * 31u + (unsigned)out[i];
  }
  printf("scan %d ints, %d blocks, %d launches\n", N, kBlocks, launches);
  printf("checksum: %llu (total %lld)\n", checksum, running);
  printf("verified: %d elements, %lld wrong\n", N, wrong);
  printf("kernel_ms: %.3f\n", ms);
  timer.print();
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  CHECK(cudaFree(d_sums));
  return 0;
}
