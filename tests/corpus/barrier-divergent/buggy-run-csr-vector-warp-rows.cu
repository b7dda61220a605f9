// corpus-run:
// CSR sparse matrix-vector product, "vector" flavour: one warp per row,
// the row's non-zeros in chunks of 32, each lane's product parked in the
// warp's own row of shared memory and folded by lane 0. The exchange is
// private to the warp, yet it is ordered with __syncthreads() (the author
// meant __syncwarp()): the chunk loop runs as many times as the warp's row
// has chunks, so a warp with a short row leaves the loop and waits at the
// block barrier after it while warps with longer rows wait inside the loop.
// The run reports the pair at the barrier after the loop.
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

constexpr int kWarps = 4, kBlock = 32 * kWarps;

__global__ void spmvWarpRows(const int* rowPtr, const int* colIdx, const float* val, const float* x,
                             float* y, float* blockSum) {
  __shared__ float prod[kWarps][32];
  __shared__ float rowOut[kWarps];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int row = blockIdx.x * kWarps + warp;
  int begin = rowPtr[row], end = rowPtr[row + 1];
  float acc = 0.f;
  for (int j = begin; j < end; j += 32) {
    int e = j + lane;
    prod[warp][lane] = e < end ? val[e] * x[colIdx[e]] : 0.f;
    __syncthreads();  // expect: barrier-divergent
    if (lane == 0)
      for (int k = 0; k < 32; ++k) acc += prod[warp][k];
    __syncthreads();  // expect: barrier-divergent
  }
  if (lane == 0) {
    y[row] = acc;
    rowOut[warp] = acc;
  }
  __syncthreads();  // expect-run: barrier-divergent
  if (threadIdx.x == 0) {
    float s = 0.f;
    for (int w = 0; w < kWarps; ++w) s += rowOut[w];
    blockSum[blockIdx.x] = s;
  }
}

int main() {
  constexpr int blocks = 2, rows = blocks * kWarps, cols = 256;
  // Row r of each block has 30 * (r % 4 + 1) non-zeros: 1 to 4 chunks.
  static int h_ptr[rows + 1], h_col[rows * 120];
  static float h_val[rows * 120], h_x[cols], h_y[rows], h_sum[blocks];
  int nnz = 0;
  for (int r = 0; r < rows; ++r) {
    h_ptr[r] = nnz;
    for (int k = 0; k < 30 * (r % kWarps + 1); ++k, ++nnz) {
      h_col[nnz] = (r * 37 + k * 11) % cols;
      h_val[nnz] = (float)(k % 5) - 2.f;
    }
  }
  h_ptr[rows] = nnz;
  for (int c = 0; c < cols; ++c) h_x[c] = (float)(c % 3);
  int *d_ptr, *d_col;
  float *d_val, *d_x, *d_y, *d_sum;
  CHECK(cudaMalloc(&d_ptr, sizeof h_ptr));
  CHECK(cudaMalloc(&d_col, nnz * sizeof(int)));
  CHECK(cudaMalloc(&d_val, nnz * sizeof(float)));
  CHECK(cudaMalloc(&d_x, sizeof h_x));
  CHECK(cudaMalloc(&d_y, sizeof h_y));
  CHECK(cudaMalloc(&d_sum, sizeof h_sum));
  CHECK(cudaMemcpy(d_ptr, h_ptr, sizeof h_ptr, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_col, h_col, nnz * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_val, h_val, nnz * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_x, h_x, sizeof h_x, cudaMemcpyHostToDevice));
  spmvWarpRows<<<blocks, kBlock>>>(d_ptr, d_col, d_val, d_x, d_y, d_sum);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_y, d_y, sizeof h_y, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_sum, d_sum, sizeof h_sum, cudaMemcpyDeviceToHost));
  printf("spmvWarpRows: %d rows, %d non-zeros\n", rows, nnz);
  for (int b = 0; b < blocks; ++b) fprintf(stderr, "block %d row sum %.1f\n", b, h_sum[b]);
  CHECK(cudaFree(d_ptr));
  CHECK(cudaFree(d_col));
  CHECK(cudaFree(d_val));
  CHECK(cudaFree(d_x));
  CHECK(cudaFree(d_y));
  CHECK(cudaFree(d_sum));
  return 0;
}
