// The near twin of clean-socket-after-cooperative-groups.cu: the same file
// includes cooperative_groups.h before the socket headers, and SO_RCVTIMEO
// from the C library is fine. But the receive batch is the project's own
// macro, chosen by `#if __CUDA_ARCH__ >= 800`: the host function that sizes
// the staging buffer always gets the host pass's value (16), while the
// kernel compiled for sm_80 and later writes a full, zero-padded batch of
// 64 floats per block into it: four times what was allocated.
#include <cooperative_groups.h>
#include <sys/socket.h>
#include <sys/time.h>

namespace cg = cooperative_groups;

#if __CUDA_ARCH__ >= 800
#define RECV_BATCH 64
#else
#define RECV_BATCH 16
#endif

__global__ void unpackBatches(const unsigned char *__restrict__ raw, float *__restrict__ staging, int records) {
  cg::thread_block block = cg::this_thread_block();
  const int r = blockIdx.x * RECV_BATCH + block.thread_rank();
  if (block.thread_rank() < RECV_BATCH) staging[r] = r < records ? raw[r] * (1.f / 255.f) : 0.f;
}

int setReceiveTimeout(int fd, int seconds) {
  timeval tv{seconds, 0};
  return setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

// One block per batch: unpackBatches<<<batches, 64>>>(raw, staging, records).
float *allocStaging(int batches) {
  float *p = nullptr;
  cudaMalloc(&p, sizeof(float) * batches * RECV_BATCH); // expect: arch-macro-in-host-code
  return p;
}
