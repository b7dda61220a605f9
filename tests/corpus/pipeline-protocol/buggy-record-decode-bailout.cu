// Batch decoder for fixed-header, variable-length records: each thread
// stages its record's header and payload into shared memory through a
// thread-scope pipeline. The error path for a malformed length returns in
// the middle of the stage: the header copy was issued into an acquired
// stage that is never committed, so nothing ever waits for it while it may
// still be landing in shared memory the rest of the block keeps using.
#include <cuda/pipeline>

struct RecordHeader {
  int kind;
  int length;
  unsigned crc;
  int pad;
};

constexpr int kThreads = 128;
constexpr int kMaxPayload = 16;

__global__ void decode_records(const RecordHeader *__restrict__ headers, const int4 *__restrict__ payloads,
                               const int *__restrict__ lengths, int n, int *__restrict__ sums,
                               int *__restrict__ error_flag) {
  __shared__ RecordHeader hdr[kThreads];
  __shared__ int4 body[kThreads][kMaxPayload / 4];
  const int t = threadIdx.x;
  const int i = blockIdx.x * kThreads + t;
  if (i >= n) return;
  auto pipe = cuda::make_pipeline();
  pipe.producer_acquire(); // expect: pipeline-protocol
  cuda::memcpy_async(&hdr[t], &headers[i], sizeof(RecordHeader), pipe);
  const int len = lengths[i];
  if (len > kMaxPayload || len % 4 != 0) {
    atomicOr(error_flag, 1);
    return;
  }
  for (int w = 0; w < len / 4; ++w)
    cuda::memcpy_async(&body[t][w], &payloads[(size_t)i * (kMaxPayload / 4) + w], sizeof(int4), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  int s = hdr[t].kind;
  for (int w = 0; w < len / 4; ++w) s += body[t][w].x + body[t][w].y + body[t][w].z + body[t][w].w;
  pipe.consumer_release();
  sums[i] = s;
}
