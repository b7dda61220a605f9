// corpus-run:
// A single-producer single-consumer ring of 8 records between two blocks
// of one launch. The producer block fills a record (one field per thread),
// then thread 0 advances `tail` with a volatile store; the consumer block's
// thread 0 waits until `tail` passes `head`, fences, and the block reads
// the record, folds it into its output and hands the slot back by
// advancing `head` after a fence. The producer's fence is missing: between
// the barrier that ends the record stores and the store of `tail` nothing
// orders them, so the consumer can see the new tail and read the slot's
// previous record.
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

constexpr int kSlots = 8, kFields = 32, kMessages = 64;

struct Ring {
  int* records;  // kSlots x kFields
  int* head;     // records consumed
  int* tail;     // records produced
};

__global__ void pipe(Ring ring, int* checksum) {
  const int f = threadIdx.x;
  if (blockIdx.x == 0) {
    for (int m = 0; m < kMessages; ++m) {
      if (f == 0) {
        while (m - *(volatile int*)ring.head >= kSlots) {  // expect-run: race-volatile
        }
        __threadfence();
      }
      __syncthreads();
      ring.records[(m % kSlots) * kFields + f] = m * kFields + f;
      __syncthreads();
      if (f == 0) *(volatile int*)ring.tail = m + 1;  // expect: fence-missing  // expect-run: race-volatile
    }
  } else {
    int sum = 0;
    for (int m = 0; m < kMessages; ++m) {
      if (f == 0) {
        while (*(volatile int*)ring.tail <= m) {  // expect-run: race-volatile
        }
        __threadfence();
      }
      __syncthreads();
      sum += ring.records[(m % kSlots) * kFields + f];  // expect-run: fence-missing
      checksum[f] = sum;
      __syncthreads();
      if (f == 0) {
        __threadfence();
        *(volatile int*)ring.head = m + 1;  // expect-run: race-volatile
      }
    }
  }
}

int main() {
  Ring ring;
  int* checksum;
  CHECK(cudaMalloc(&ring.records, kSlots * kFields * sizeof(int)));
  CHECK(cudaMalloc(&ring.head, sizeof(int)));
  CHECK(cudaMalloc(&ring.tail, sizeof(int)));
  CHECK(cudaMallocManaged(&checksum, kFields * sizeof(int)));
  CHECK(cudaMemset(ring.head, 0, sizeof(int)));
  CHECK(cudaMemset(ring.tail, 0, sizeof(int)));
  pipe<<<2, kFields>>>(ring, checksum);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  long long total = 0, expected = 0;
  for (int f = 0; f < kFields; ++f) total += checksum[f];
  for (int i = 0; i < kMessages * kFields; ++i) expected += i;
  printf("pipe: %d messages through %d slots\n", kMessages, kSlots);
  fprintf(stderr, "checksum %lld (expected %lld)\n", total, expected);
  CHECK(cudaFree(ring.records));
  CHECK(cudaFree(ring.head));
  CHECK(cudaFree(ring.tail));
  CHECK(cudaFree(checksum));
  return 0;
}
