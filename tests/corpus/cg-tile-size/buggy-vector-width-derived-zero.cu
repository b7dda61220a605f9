// Vectorised copy-and-scale where the threads that share a 32-byte memory
// sector form a group (two float4 loads per sector). The group size is
// derived from constants, but the per-thread width was taken from a
// constant in bits instead of bytes, and 32 / 128 gives 0 threads per
// group. A zero-sized tile is not a valid partition.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr int kSectorBytes = 32;
constexpr int kBitsPerThread = sizeof(float4) * 8;             // 128
constexpr int kThreadsPerSector = kSectorBytes / kBitsPerThread; // meant: kSectorBytes / sizeof(float4)

__global__ void scale_sectors(const float4 *__restrict__ in, float4 *__restrict__ out, float s, int n4) {
  auto sector = cg::tiled_partition(cg::this_thread_block(), kThreadsPerSector); // expect: cg-tile-size
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = i < n4 ? in[i] : make_float4(0.f, 0.f, 0.f, 0.f);
  sector.sync();
  v.x *= s; v.y *= s; v.z *= s; v.w *= s;
  if (i < n4) out[i] = v;
}
