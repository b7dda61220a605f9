// Generic "threads per row" reduction for short rows: the group size is a
// template parameter, and the runtime-sized tiled_partition is used so the
// same code can also take a size at run time. One instantiation, for rows
// of 48 columns, asks for 48 threads per group: not a supported size.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template <int ThreadsPerRow>
__global__ void row_max(const float *__restrict__ x, float *__restrict__ out, int rows) {
  __shared__ float red[256];
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), ThreadsPerRow); // expect: cg-tile-size
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / ThreadsPerRow;
  const int c = g.thread_rank();
  red[threadIdx.x] = row < rows ? x[(size_t)row * ThreadsPerRow + c] : -INFINITY;
  g.sync();
  if (c == 0 && row < rows) {
    float m = -INFINITY;
    for (int k = 0; k < ThreadsPerRow; ++k) m = fmaxf(m, red[threadIdx.x + k]);
    out[row] = m;
  }
}

template __global__ void row_max<16>(const float *, float *, int);
template __global__ void row_max<48>(const float *, float *, int);
