// corpus-args: --offload-arch=gfx90a
// HIP port of a small-matrix (6x8) kernel: on the CUDA side the group was
// 48 threads made of two runtime tiles, and the port collapsed them into a
// single tiled_partition(block, 48). HIP's runtime-sized tiles must also be
// powers of two (up to the wavefront size): 48 is not.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kRows = 6, kCols = 8;

__global__ void small_matvec(const float *__restrict__ mats, const float *__restrict__ x, float *__restrict__ y,
                             int count) {
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), kRows * kCols); // expect: cg-tile-size
  __shared__ float prod[192];  // blockDim.x == 192: four matrices
  const int m = (blockIdx.x * blockDim.x + threadIdx.x) / (kRows * kCols);
  const int e = g.thread_rank();
  prod[threadIdx.x] = m < count ? mats[(size_t)m * kRows * kCols + e] * x[(size_t)m * kCols + e % kCols] : 0.f;
  g.sync();
  if (e < kRows && m < count) {
    float s = 0.f;
    for (int c = 0; c < kCols; ++c) s += prod[threadIdx.x - e + e * kCols + c];
    y[(size_t)m * kRows + e] = s;
  }
}
