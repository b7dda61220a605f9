// 3-D 7-point stencil where each output point gets a group of threads, one
// per neighbour (plus padding): the author sized the group for 12 lanes
// ("6 neighbours x 2 components"). Not a power of two: the runtime-sized
// tiled_partition only supports 1, 2, 4, 8, 16 and 32.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kLanesPerPoint = 12;

__global__ void grad_divergence(const float2 *__restrict__ u, float *__restrict__ div, int nx, int ny, int nz) {
  cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), kLanesPerPoint); // expect: cg-tile-size
  const int point = (blockIdx.x * blockDim.x + threadIdx.x) / kLanesPerPoint;
  const int lane = g.thread_rank();
  const int x = point % nx, y = (point / nx) % ny, z = point / (nx * ny);
  __shared__ float contrib[96];
  float c = 0.f;
  if (z < nz && lane < 6) {
    const int dx[6] = {1, -1, 0, 0, 0, 0}, dy[6] = {0, 0, 1, -1, 0, 0}, dz[6] = {0, 0, 0, 0, 1, -1};
    const int xx = min(max(x + dx[lane], 0), nx - 1), yy = min(max(y + dy[lane], 0), ny - 1),
              zz = min(max(z + dz[lane], 0), nz - 1);
    const float2 v = u[(zz * ny + yy) * nx + xx];
    c = (lane < 2 ? v.x : v.y) * (lane % 2 == 0 ? 0.5f : -0.5f);
  }
  contrib[threadIdx.x] = c;
  g.sync();
  if (lane == 0 && z < nz) {
    float s = 0.f;
    for (int k = 0; k < 6; ++k) s += contrib[threadIdx.x + k];
    div[point] = s;
  }
}
