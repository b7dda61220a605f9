// alloc_kinds_bug: the same inter-block race on four kinds of memory the
// global-memory detector must track: a cudaMallocAsync allocation (stream
// pool), host-pinned mapped memory (cudaHostAlloc), managed memory and a
// __device__ array of the module. Every block's thread 0 stores its index
// to element 0 of each. No fixed twin: global_same_word_fixed.cu is the
// fixed form; this file checks that each kind of memory is covered.
// Its first launch is on a stream the program created: loading the patches
// inside that launch's callback once deadlocked the driver (the patches now
// load with the context's first module).
//
// EXPECT: race-global async
// EXPECT: race-global pinned
// EXPECT: race-global managed
// EXPECT: race-global module
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

__device__ int moduleArray[16];

__global__ void last_writer_wins(int* async, int* pinned, int* managed) {
  if (threadIdx.x != 0) return;
  async[0] = blockIdx.x;        // @async
  pinned[0] = blockIdx.x;       // @pinned
  managed[0] = blockIdx.x;      // @managed
  moduleArray[0] = blockIdx.x;  // @module
}

int main() {
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  int *async, *pinnedHost, *pinned, *managed;
  CHECK(cudaMallocAsync(&async, 64 * sizeof(int), s));
  CHECK(cudaHostAlloc(&pinnedHost, 64 * sizeof(int), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer(&pinned, pinnedHost, 0));
  CHECK(cudaMallocManaged(&managed, 64 * sizeof(int)));
  last_writer_wins<<<8, 32, 0, s>>>(async, pinned, managed);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(s));
  fprintf(stderr, "pinned[0] = %d, managed[0] = %d\n", pinnedHost[0], managed[0]);
  printf("alloc_kinds: done\n");
  CHECK(cudaFreeAsync(async, s));
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaFreeHost(pinnedHost));
  CHECK(cudaFree(managed));
  CHECK(cudaStreamDestroy(s));
  return 0;
}
