// corpus-args: --offload-arch=gfx90a
// HIP row reduction on a 64-lane wavefront (gfx90a): one runtime-sized tile
// per wavefront. On AMD GPUs the runtime-sized tiled_partition accepts
// powers of two up to the wavefront size, so 64 is a supported size here.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr unsigned kWave = 64;

__global__ void row_sums(const float *__restrict__ x, float *__restrict__ out, int rows, int cols) {
  __shared__ float red[256];
  cg::thread_group wave = cg::tiled_partition(cg::this_thread_block(), kWave);
  const int row = blockIdx.x * (blockDim.x / kWave) + threadIdx.x / kWave;
  const unsigned r = wave.thread_rank();
  float s = 0.f;
  if (row < rows)
    for (int c = r; c < cols; c += kWave) s += x[(size_t)row * cols + c];
  red[threadIdx.x] = s;
  wave.sync();
  for (unsigned k = kWave / 2; k > 0; k >>= 1) {
    if (r < k) red[threadIdx.x] += red[threadIdx.x + k];
    wave.sync();
  }
  if (r == 0 && row < rows) out[row] = red[threadIdx.x];
}
