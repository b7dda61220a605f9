// streams_race_bug: two kernels on two streams share a buffer with nothing
// ordering them.
//
// `produce` fills the buffer on stream A; `consume` reads it on stream B.
// The streams are created non-blocking and no event links them, so the
// consumer may run before, during or after the producer (read-after-write,
// inter-launch). A third kernel reads it on the legacy default stream,
// which waits for blocking streams only: A is non-blocking, so that read is
// a race too. compute-sanitizer's racecheck looks at shared memory of one
// launch only. The fixed twin is streams_race_fixed.cu.
//
// EXPECT: race-global read write
// EXPECT: race-global legacy write
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kN = 1 << 16;

__global__ void produce(int* buffer) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) buffer[i] = i * 3;  // @write
}

__global__ void consume(const int* buffer, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) out[i] = buffer[i] + 1;  // @read
}

__global__ void checksum(const int* buffer, int* total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) atomicAdd(total, buffer[i]);  // @legacy
}

int main() {
  int *buffer, *out, *total;
  CHECK(cudaMalloc(&buffer, kN * sizeof(int)));
  CHECK(cudaMalloc(&out, kN * sizeof(int)));
  CHECK(cudaMalloc(&total, sizeof(int)));
  CHECK(cudaMemset(total, 0, sizeof(int)));
  cudaStream_t a, b;
  CHECK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
  produce<<<kN / 256, 256, 0, a>>>(buffer);
  consume<<<kN / 256, 256, 0, b>>>(buffer, out);  // no event: unordered
  checksum<<<kN / 256, 256>>>(buffer, total);      // legacy stream: does not wait for A
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  printf("streams_race: done\n");
  CHECK(cudaStreamDestroy(a));
  CHECK(cudaStreamDestroy(b));
  CHECK(cudaFree(buffer));
  CHECK(cudaFree(out));
  CHECK(cudaFree(total));
  return 0;
}
