// divergent_barrier_race_bug: two halves of a block pass two different
// __syncthreads(), then one half writes what the other reads.
//
// Blocks of 128 threads. Threads 0..63 wait at one barrier and then store
// their slot of a shared array; threads 64..127 wait at another barrier and
// then read the slots of the first half. On sm_70+ both barriers count
// towards barrier 0, so the block passes them together, and nothing orders
// the stores of one half with the loads of the other: a data race, besides
// the divergent barriers themselves.
//
// Why it is here: each half's code, read on its own, has no store between
// its barrier and the load; the load is only quiet (skippable,
// runtime/common/QuietSharedLoads.h) if every thread entered the epoch
// through the same barrier. Which this program breaks: the race must still
// be reported. There is no fixed twin: divergent_barrier_fixed.cu is the
// fix of the barrier, and with one barrier the race is gone too.
//
// stdout is the same whatever the race does; the check of the results goes
// to stderr.
//
// EXPECT: barrier-divergent bar_low
// EXPECT: barrier-divergent bar_high
// EXPECT: race-shared store load
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kThreads = 128;
constexpr int kBlocks = 2;

__global__ void handOff(const int* in, int* out, int rounds) {
  __shared__ int s[64];
  __shared__ int mine[kThreads];
  int t = threadIdx.x;
  int gid = blockIdx.x * kThreads + t;
  int v;
  // Loops of a run-time length on each side keep the compiler from
  // predicating the two branches into one straight line.
  if (t < 64) {
    int acc = 0;
    for (int k = 0; k < rounds; ++k) acc += in[(gid + k) % (kThreads * kBlocks)];
    mine[t] = acc;
    __syncthreads();                           // @bar_low
    s[t] = mine[t] * 2;                        // @store
    v = mine[t];
  } else {
    int acc = 0;
    for (int k = 0; k < rounds; ++k) acc -= in[(gid + 3 * k) % (kThreads * kBlocks)];
    mine[t] = acc;
    __syncthreads();                           // @bar_high
    // Work before the load, so that the other half's stores are made (and
    // recorded) first: the race is then reported as a read after a write
    // every time, not only when the two land together.
    int late = 0;
    for (int k = 0; k < 64 * rounds; ++k) late += in[(gid * 7 + k) % (kThreads * kBlocks)];
    v = s[t - 64] + mine[t] + (late & 1);      // @load
  }
  out[gid] = v;
}

int main() {
  const int n = kThreads * kBlocks;
  int h_in[n], h_out[n];
  for (int i = 0; i < n; ++i) h_in[i] = (i * 31) % 97;
  int *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
  handOff<<<kBlocks, kThreads>>>(d_in, d_out, 5);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  printf("divergent_barrier_race_bug: done\n");
  fprintf(stderr, "out[64] = %d\n", h_out[64]);
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  return 0;
}
