// corpus-run:
// Row sums of a matrix with cooperative groups: one 32-thread tile per row,
// four rows per block, the last block partial (10 rows). The row work is
// under `if (row < rows)`, but it only uses collectives of the warp's own
// tile (shfl_down, tile.sync()), and that condition is the same for all
// lanes of a tile. The block-wide block.sync() that publishes the row sums
// for the block total is outside the branch, reached by every thread.
#include <cstdio>
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kCols = 96, kRowsPerBlock = 4;

__global__ void rowSums(const float* m, float* sums, float* blockTotals, int rows) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  __shared__ float rowSum[kRowsPerBlock];
  int w = tile.meta_group_rank();
  int row = blockIdx.x * kRowsPerBlock + w;
  float s = 0.f;
  if (row < rows) {
    for (int c = tile.thread_rank(); c < kCols; c += 32) s += m[row * kCols + c];
    for (int off = 16; off > 0; off >>= 1) s += tile.shfl_down(s, off);
    if (tile.thread_rank() == 0) sums[row] = s;
    tile.sync();
  }
  if (tile.thread_rank() == 0) rowSum[w] = s;
  block.sync();
  if (block.thread_rank() == 0) {
    float total = 0.f;
    for (int k = 0; k < kRowsPerBlock; ++k) total += rowSum[k];
    blockTotals[blockIdx.x] = total;
  }
}

int main() {
  constexpr int rows = 10, blocks = (rows + kRowsPerBlock - 1) / kRowsPerBlock;
  static float h_m[rows * kCols], h_sums[rows], h_tot[blocks];
  for (int i = 0; i < rows * kCols; ++i) h_m[i] = (float)(i % 6);
  float *d_m, *d_sums, *d_tot;
  CHECK(cudaMalloc(&d_m, sizeof h_m));
  CHECK(cudaMalloc(&d_sums, sizeof h_sums));
  CHECK(cudaMalloc(&d_tot, sizeof h_tot));
  CHECK(cudaMemcpy(d_m, h_m, sizeof h_m, cudaMemcpyHostToDevice));
  rowSums<<<blocks, 32 * kRowsPerBlock>>>(d_m, d_sums, d_tot, rows);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_sums, d_sums, sizeof h_sums, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h_tot, d_tot, sizeof h_tot, cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) printf("block %d total %.1f\n", b, h_tot[b]);
  CHECK(cudaFree(d_m));
  CHECK(cudaFree(d_sums));
  CHECK(cudaFree(d_tot));
  return 0;
}
