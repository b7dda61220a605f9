// 2x2 pixel quads (tiles of 4 threads) computing screen-space derivatives
// for texture LOD, as a fragment shader would. The quad's bounds check is on
// `threadIdx.x / 4`, the same for the four lanes of each tile; inside, every
// lane joins the shuffles even when its own pixel is off screen, and only
// the store is predicated per lane.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void quad_lod(const float2 *__restrict__ uv, float *__restrict__ lod, int width, int height,
                         int quads_per_row, int quads) {
  auto quad = cg::tiled_partition<4>(cg::this_thread_block());
  const int q = blockIdx.x * (blockDim.x / 4) + threadIdx.x / 4;
  if (q >= quads) return;  // whole quads leave
  const int qx = q % quads_per_row, qy = q / quads_per_row;
  const int px = qx * 2 + (quad.thread_rank() & 1), py = qy * 2 + (quad.thread_rank() >> 1);
  const bool inside = px < width && py < height;
  const float2 t = inside ? uv[py * width + px] : make_float2(0.f, 0.f);
  const float dudx = quad.shfl_xor(t.x, 1) - t.x, dvdx = quad.shfl_xor(t.y, 1) - t.y;
  const float dudy = quad.shfl_xor(t.x, 2) - t.x, dvdy = quad.shfl_xor(t.y, 2) - t.y;
  const float rho = fmaxf(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy);
  if (inside) lod[py * width + px] = 0.5f * log2f(fmaxf(rho, 1e-12f));
}
