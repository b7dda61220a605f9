// CSR SpMV, one row per thread, with the dense vector staged through shared
// memory in chunks. The staging loop runs once per chunk of the thread's own
// row, so threads with short rows leave the loop (and stop arriving) while
// threads with long rows still wait for the whole block: the barrier, which
// counts every thread, never completes its phase.
#include <cuda/barrier>

using barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kChunk = 256;

__global__ void spmv_csr_staged(const int *__restrict__ row_ptr, const int *__restrict__ cols,
                                const float *__restrict__ vals, const float *__restrict__ x, float *__restrict__ y,
                                int rows) {
  __shared__ float xs[kChunk];
  __shared__ barrier bar;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();

  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int begin = row < rows ? row_ptr[row] : 0;
  const int end = row < rows ? row_ptr[row + 1] : 0;
  float sum = 0.f;
  for (int base = begin; base < end; base += kChunk) {
    // Cooperative prefetch of the x entries this chunk's columns mostly hit.
    xs[threadIdx.x] = x[min(cols[base] + (int)threadIdx.x, rows - 1)];
    bar.arrive_and_wait(); // expect: async-barrier-misuse
    for (int e = base; e < min(base + kChunk, end); ++e) {
      const int c = cols[e] - cols[base];
      sum += vals[e] * (c >= 0 && c < kChunk ? xs[c] : x[cols[e]]);
    }
    bar.arrive_and_wait();
  }
  if (row < rows) y[row] = sum;
}
