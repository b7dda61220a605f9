// Segmented sum (CSR row sums) with one tile per segment, the tile size a
// template parameter chosen from the average segment length. Tiles stride
// over the segments, so every loop and branch around the collectives is the
// same for all threads of a tile.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

template <typename Tile>
__device__ float segment_sum(const Tile& tile, const float* x, int begin, int end) {
  float s = 0.f;
  for (int j = begin + tile.thread_rank(); j < end; j += tile.num_threads()) s += x[j];
  return cg::reduce(tile, s, cg::plus<float>());
}

template <unsigned TileSize>
__global__ void segmented_sum(const float* __restrict__ x, const int* __restrict__ offsets, float* __restrict__ out,
                              int segments) {
  auto tile = cg::tiled_partition<TileSize>(cg::this_thread_block());
  int tiles_per_grid = gridDim.x * tile.meta_group_size();
  for (int seg = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank(); seg < segments;
       seg += tiles_per_grid) {
    int begin = offsets[seg], end = offsets[seg + 1];
    if (end == begin) {
      if (tile.thread_rank() == 0) out[seg] = 0.f;
      continue;
    }
    float s = segment_sum(tile, x, begin, end);
    if (s != s) s = 0.f;  // NaN guard: every lane holds the reduced value
    if (tile.thread_rank() == 0) out[seg] = s;
  }
}

template __global__ void segmented_sum<4>(const float*, const int*, float*, int);
template __global__ void segmented_sum<8>(const float*, const int*, float*, int);
template __global__ void segmented_sum<32>(const float*, const int*, float*, int);
