// byte_neighbours: threads write adjacent bytes of shared memory at
// the same time (no bug twin).
//
// Each of 256 threads stores one byte of a shared char array. The byte index
// is chosen so that the 4 bytes of every 32-bit word are written by 4
// different warps, with no barrier between those stores: they touch
// different bytes, so they do not race, but a checker that tracks shared
// memory by words would see a write-write conflict. Each thread then reads
// its own byte back before the barrier (again no race, only a byte-exact
// shadow gets this right), waits at __syncthreads(), and reads both
// neighbouring bytes, written by other warps before the barrier.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 256;
constexpr int kBlocks = 2;

__host__ __device__ int byte_index(int t) { return (t % 32) * 8 + t / 32; }

__global__ void bytes(const unsigned char* in, unsigned* out) {
  __shared__ unsigned char c[kThreads];
  volatile unsigned char* vc = c;   // keep the own-byte read an actual load
  int t = threadIdx.x;
  int gid = blockIdx.x * kThreads + t;
  int idx = byte_index(t);
  vc[idx] = in[gid];
  unsigned own = vc[idx];
  __syncthreads();
  unsigned left = c[(idx + kThreads - 1) % kThreads];
  unsigned right = c[(idx + 1) % kThreads];
  out[gid] = own * 65536u + left * 256u + right;
}

int main() {
  const int n = kThreads * kBlocks;
  unsigned char h_in[n];
  unsigned h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (unsigned char)(i * 73 + 19);
  unsigned char* d_in;
  unsigned* d_out;
  CHECK(cudaMalloc(&d_in, n));
  CHECK(cudaMalloc(&d_out, n * sizeof(unsigned)));
  CHECK(cudaMemcpy(d_in, h_in, n, cudaMemcpyHostToDevice));
  bytes<<<kBlocks, kThreads>>>(d_in, d_out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  int wrong = 0;
  unsigned long long sum = 0;
  for (int b = 0; b < kBlocks; ++b) {
    unsigned char shared_bytes[kThreads];
    for (int t = 0; t < kThreads; ++t) shared_bytes[byte_index(t)] = h_in[b * kThreads + t];
    for (int t = 0; t < kThreads; ++t) {
      int idx = byte_index(t);
      unsigned want = shared_bytes[idx] * 65536u + shared_bytes[(idx + kThreads - 1) % kThreads] * 256u +
                      shared_bytes[(idx + 1) % kThreads];
      if (h_out[b * kThreads + t] != want) ++wrong;
      sum += h_out[b * kThreads + t];
    }
  }
  printf("byte_neighbours: checksum %llu, %d of %d results wrong\n", sum, wrong, n);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
