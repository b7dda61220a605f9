// corpus-run:
// A single-producer single-consumer ring of 8 records between two blocks
// of one launch. The producer block waits for a free slot (thread 0 polls
// `head`, fences), fills the record (one field per thread), meets at a
// barrier, and thread 0 fences and advances `tail` with a volatile store.
// The consumer's thread 0 waits until `tail` passes its position, fences,
// the block reads the record after a barrier, and thread 0 fences and
// advances `head` to hand the slot back. Every hand-over, in both
// directions, is fenced on both sides: correct.
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
      if (f == 0) {
        __threadfence();
        *(volatile int*)ring.tail = m + 1;  // expect-run: race-volatile
      }
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
      sum += ring.records[(m % kSlots) * kFields + f];
      checksum[f] = sum;
      __syncthreads();
      if (f == 0) {
        __threadfence();
        *(volatile int*)ring.head = m + 1;
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
  printf("pipe: %d messages through %d slots, checksum %lld (expected %lld)\n", kMessages, kSlots, total,
         expected);
  CHECK(cudaFree(ring.records));
  CHECK(cudaFree(ring.head));
  CHECK(cudaFree(ring.tail));
  CHECK(cudaFree(checksum));
  return 0;
}
