// Sphere tracing, one pixel per thread. To cut divergence the warp votes
// after each step whether every lane has hit something, and stops together.
// But each thread also stops on its own hit, so the vote inside the loop is
// reached by a shrinking subset of the warp: tile.all() waits for lanes that
// already left the loop.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ float scene_sdf(float3 p) {
  const float sphere = sqrtf(p.x * p.x + p.y * p.y + (p.z - 4.f) * (p.z - 4.f)) - 1.f;
  const float plane = p.y + 1.f;
  return fminf(sphere, plane);
}

__global__ void sphere_trace(float *__restrict__ depth, int width, int height, int max_steps) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  const int px = blockIdx.x * blockDim.x + threadIdx.x;
  const int py = blockIdx.y;
  const float u = (px + 0.5f) / width * 2.f - 1.f, v = (py + 0.5f) / height * 2.f - 1.f;
  const float inv = rsqrtf(u * u + v * v + 1.f);
  const float3 dir = make_float3(u * inv, v * inv, inv);
  float t = 0.f;
  for (int s = 0; s < max_steps; ++s) {
    const float d = scene_sdf(make_float3(dir.x * t, dir.y * t, dir.z * t));
    const bool hit = d < 1e-3f * t;
    if (hit) break;
    t += d;
    if (warp.all(t > 100.f)) break; // expect: cg-collective-divergent
  }
  if (px < width) depth[py * width + px] = t;
}
