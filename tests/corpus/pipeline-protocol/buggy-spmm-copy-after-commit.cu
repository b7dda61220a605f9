// Blocked SpMM (block-ELL, dense right-hand side): each block streams the
// dense B panels it needs through a thread-scope pipeline. The copy of the
// panel's second half was appended after producer_commit(), so it belongs
// to no stage: consumer_wait() does not cover it.
#include <cuda/pipeline>

constexpr int kBlk = 16;   // block-ELL block size
constexpr int kCols = 64;  // columns of B handled per block

__global__ void bell_spmm(const int *__restrict__ ell_cols, const float *__restrict__ ell_vals, int ell_width,
                          const float *__restrict__ B, float *__restrict__ C, int ldb) {
  __shared__ float panel[kBlk][kCols];
  const int r = threadIdx.y, c = threadIdx.x;  // blockDim = (32, 16)
  const int brow = blockIdx.y, col0 = blockIdx.x * kCols;
  auto pipe = cuda::make_pipeline();
  float acc0 = 0.f, acc1 = 0.f;
  for (int e = 0; e < ell_width; ++e) {
    const int bcol = ell_cols[brow * ell_width + e];
    if (bcol < 0) break;  // padding: same for the whole block
    pipe.producer_acquire();
    cuda::memcpy_async(&panel[r][c], &B[(size_t)(bcol * kBlk + r) * ldb + col0 + c], sizeof(float), pipe);
    pipe.producer_commit();
    cuda::memcpy_async(&panel[r][c + 32], &B[(size_t)(bcol * kBlk + r) * ldb + col0 + c + 32], sizeof(float), pipe); // expect: pipeline-protocol
    pipe.consumer_wait();
    __syncthreads();
    const float *vals = ell_vals + ((size_t)brow * ell_width + e) * kBlk * kBlk;
    for (int k = 0; k < kBlk; ++k) {
      acc0 += vals[r * kBlk + k] * panel[k][c];
      acc1 += vals[r * kBlk + k] * panel[k][c + 32]; // expect: async-copy-read-before-wait
    }
    __syncthreads();
    pipe.consumer_release();
  }
  C[(size_t)(brow * kBlk + r) * ldb + col0 + c] = acc0;
  C[(size_t)(brow * kBlk + r) * ldb + col0 + c + 32] = acc1;
}
