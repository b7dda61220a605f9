// corpus-run:
// A work queue between blocks of one launch: eight producer blocks each
// take a queue slot with a ticket, fill it with a batch of 256 work items
// (every thread stores one item, thread 0 also the batch header), and
// every thread fences before the block's barrier; then thread 0 marks the
// slot full. Eight consumer blocks each own a slot: thread 0 waits until
// it is full and fences, the block meets at a barrier, and every thread
// processes its item. Each thread's stores are fenced before the barrier
// that precedes the flag, and the consumer's fence comes before the
// barrier that precedes the reads: correctly ordered on both sides.
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

constexpr int kSlots = 8, kBatch = 256;

struct BatchHeader {
  int producer;
  float scale;
};

__global__ void produceConsume(const float* input, float* items, BatchHeader* headers, int* full, int* tail,
                               float* results) {
  __shared__ int slot;
  const int t = threadIdx.x;
  if (blockIdx.x < kSlots) {
    if (t == 0) slot = atomicAdd(tail, 1);
    __syncthreads();
    items[slot * kBatch + t] = input[blockIdx.x * kBatch + t] * 2.f;
    if (t == 0) {
      headers[slot].producer = blockIdx.x;
      headers[slot].scale = 0.5f;
    }
    __threadfence();
    __syncthreads();
    if (t == 0) {
      atomicExch(&full[slot], 1);
    }
  } else {
    const int mine = blockIdx.x - kSlots;
    if (t == 0) {
      while (((volatile int*)full)[mine] == 0) {  // expect-run: race-volatile
      }
      __threadfence();
    }
    __syncthreads();
    const float scale = headers[mine].scale;
    const int producer = headers[mine].producer;
    results[producer * kBatch + t] = items[mine * kBatch + t] * scale;
  }
}

int main() {
  float *input, *items, *results;
  BatchHeader* headers;
  int *full, *tail;
  CHECK(cudaMallocManaged(&input, kSlots * kBatch * sizeof(float)));
  CHECK(cudaMalloc(&items, kSlots * kBatch * sizeof(float)));
  CHECK(cudaMalloc(&headers, kSlots * sizeof(BatchHeader)));
  CHECK(cudaMalloc(&full, kSlots * sizeof(int)));
  CHECK(cudaMalloc(&tail, sizeof(int)));
  CHECK(cudaMallocManaged(&results, kSlots * kBatch * sizeof(float)));
  for (int i = 0; i < kSlots * kBatch; ++i) input[i] = (float)(i % 17);
  CHECK(cudaMemset(full, 0, kSlots * sizeof(int)));
  CHECK(cudaMemset(tail, 0, sizeof(int)));
  produceConsume<<<2 * kSlots, kBatch>>>(input, items, headers, full, tail, results);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < kSlots * kBatch; ++i)
    if (results[i] != input[i]) ++wrong;
  printf("produceConsume: %d batches of %d, %d wrong\n", kSlots, kBatch, wrong);
  CHECK(cudaFree(input));
  CHECK(cudaFree(items));
  CHECK(cudaFree(headers));
  CHECK(cudaFree(full));
  CHECK(cudaFree(tail));
  CHECK(cudaFree(results));
  return 0;
}
