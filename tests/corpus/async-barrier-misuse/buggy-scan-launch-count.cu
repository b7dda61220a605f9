// Block-wide inclusive scan (Hillis-Steele) where each step is separated by
// an asynchronous barrier. The barrier count was written for the 128-thread
// configuration; the launcher now uses 256 threads, all of which arrive.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kThreads = 256;

__global__ void scan_block(const int *in, int *out, int n) {
  __shared__ int buf[2][kThreads];
  __shared__ barrier step;
  if (threadIdx.x == 0) init(&step, 128); // expect: async-barrier-misuse
  __syncthreads();

  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int cur = 0;
  buf[cur][threadIdx.x] = gid < n ? in[gid] : 0;
  step.arrive_and_wait();
  for (int off = 1; off < kThreads; off <<= 1) {
    const int v = buf[cur][threadIdx.x];
    buf[cur ^ 1][threadIdx.x] = threadIdx.x >= off ? v + buf[cur][threadIdx.x - off] : v;
    cur ^= 1;
    step.arrive_and_wait();
  }
  if (gid < n) out[gid] = buf[cur][threadIdx.x];
}

void scan(const int *in, int *out, int n, cudaStream_t s) {
  scan_block<<<(n + kThreads - 1) / kThreads, kThreads, 0, s>>>(in, out, n);
}
