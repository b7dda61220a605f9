// Row softmax, one block per row, the row staged into shared memory with
// cooperative_groups::memcpy_async. The row maximum was moved up to overlap
// with the copy, but it reads the staged row, which the copy may still be
// writing: cg::wait() comes only afterwards.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

constexpr int kMaxCols = 4096;

__device__ float block_max(cg::thread_block block, float *red, float v) {
  red[block.thread_rank()] = v;
  block.sync();
  for (unsigned s = block.size() / 2; s > 0; s >>= 1) {
    if (block.thread_rank() < s) red[block.thread_rank()] = fmaxf(red[block.thread_rank()], red[block.thread_rank() + s]);
    block.sync();
  }
  float r = red[0];
  block.sync();
  return r;
}

__global__ void softmax_rows(const float *__restrict__ x, float *__restrict__ y, int cols) {
  __shared__ __align__(16) float row[kMaxCols];
  __shared__ float red[1024];
  auto block = cg::this_thread_block();
  const float *src = x + (size_t)blockIdx.x * cols;
  cg::memcpy_async(block, row, src, sizeof(float) * cols);

  float m = -INFINITY;
  for (int c = block.thread_rank(); c < cols; c += block.size()) m = fmaxf(m, row[c]); // expect: async-copy-read-before-wait
  cg::wait(block);
  m = block_max(block, red, m);

  float sum = 0.f;
  for (int c = block.thread_rank(); c < cols; c += block.size()) {
    row[c] = __expf(row[c] - m);
    sum += row[c];
  }
  red[block.thread_rank()] = sum;
  block.sync();
  for (unsigned s = block.size() / 2; s > 0; s >>= 1) {
    if (block.thread_rank() < s) red[block.thread_rank()] += red[block.thread_rank() + s];
    block.sync();
  }
  const float inv = 1.f / red[0];
  for (int c = block.thread_rank(); c < cols; c += block.size()) y[(size_t)blockIdx.x * cols + c] = row[c] * inv;
}
