// streams_race_fixed: streams_race_bug.cu with an event between the two
// streams, and the other ways CUDA orders work across streams.
//
// 1. produce on A, cudaEventRecord on A, cudaStreamWaitEvent on B, consume on B;
// 2. produce on A, cudaStreamSynchronize(A), consume on B;
// 3. produce on a blocking stream C, consume on the legacy default stream
//    (which waits for blocking streams), produce again on blocking stream D
//    (which waits for the legacy stream);
// 4. produce on A, cudaDeviceSynchronize, consume on B;
// 5. produce on A, a synchronous cudaMemcpy on the legacy stream (the host
//    waits), then -- A being non-blocking, the copy does not wait for it --
//    an event synchronisation before consume on B.
// None of these is a race.
//
// EXPECT-NONE
#include <cstdio>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int kN = 1 << 16;

__global__ void produce(int* buffer, int round) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) buffer[i] = i * 3 + round;
}

__global__ void consume(const int* buffer, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) out[i] = buffer[i] + 1;
}

int main() {
  int *buffer, *out;
  CHECK(cudaMalloc(&buffer, kN * sizeof(int)));
  CHECK(cudaMalloc(&out, kN * sizeof(int)));
  cudaStream_t a, b, c, d;
  CHECK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&b, cudaStreamNonBlocking));
  CHECK(cudaStreamCreate(&c));
  CHECK(cudaStreamCreate(&d));
  cudaEvent_t ready;
  CHECK(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming));
  const dim3 grid(kN / 256), block(256);

  produce<<<grid, block, 0, a>>>(buffer, 1);
  CHECK(cudaEventRecord(ready, a));
  CHECK(cudaStreamWaitEvent(b, ready, 0));
  consume<<<grid, block, 0, b>>>(buffer, out);

  CHECK(cudaStreamSynchronize(b));
  produce<<<grid, block, 0, a>>>(buffer, 2);
  CHECK(cudaStreamSynchronize(a));
  consume<<<grid, block, 0, b>>>(buffer, out);

  CHECK(cudaStreamSynchronize(b));
  produce<<<grid, block, 0, c>>>(buffer, 3);
  consume<<<grid, block>>>(buffer, out);  // legacy default stream
  produce<<<grid, block, 0, d>>>(buffer, 4);

  CHECK(cudaDeviceSynchronize());
  produce<<<grid, block, 0, a>>>(buffer, 5);
  CHECK(cudaDeviceSynchronize());
  consume<<<grid, block, 0, b>>>(buffer, out);

  CHECK(cudaStreamSynchronize(b));
  produce<<<grid, block, 0, a>>>(buffer, 6);
  int first = 0;
  CHECK(cudaMemcpy(&first, out, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaEventRecord(ready, a));
  CHECK(cudaEventSynchronize(ready));
  consume<<<grid, block, 0, b>>>(buffer, out);

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(&first, out, sizeof(int), cudaMemcpyDeviceToHost));
  printf("streams_race: out[0] = %d\n", first);
  CHECK(cudaEventDestroy(ready));
  for (cudaStream_t s : {a, b, c, d}) CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(buffer));
  CHECK(cudaFree(out));
  return 0;
}
