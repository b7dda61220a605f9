// Persistent-threads ray traversal in the style of Aila & Laine (2009):
// warps stay resident and fetch batches of 32 rays from a global pool.
// When the warp has no live ray left, lane 0 grabs the next batch with one
// atomicAdd and leaves the base in the warp's shared slot, and all lanes
// read it straight away -- relying on the warp executing in lockstep. On
// sm_70 and later the other lanes may read the slot before lane 0 has
// written it (and pick up the previous batch's base).

#define WARPS_PER_BLOCK 4

struct Ray {
  float ox, oy, oz, dx, dy, dz, tmax;
};

__device__ int globalPoolNextRay;

__device__ float traceOne(const Ray &r, const float4 *nodes, int maxSteps) {
  float t = r.tmax;
  for (int s = 0; s < maxSteps; ++s) {
    float4 n = nodes[s];
    float hit = (n.w - r.ox * n.x - r.oy * n.y - r.oz * n.z) / (r.dx * n.x + r.dy * n.y + r.dz * n.z + 1e-9f);
    if (hit > 0.f && hit < t) t = hit;
  }
  return t;
}

__global__ void traceRaysPersistent(const Ray *__restrict__ rays, int numRays, const float4 *__restrict__ nodes,
                                    int maxSteps, float *__restrict__ hits) {
  __shared__ volatile int nextRay[WARPS_PER_BLOCK];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;

  while (true) {
    if (lane == 0) nextRay[warp] = atomicAdd(&globalPoolNextRay, 32);
    const int rayIdx = nextRay[warp] + lane;  // expect: warp-implicit-synchronous
    if (nextRay[warp] >= numRays) break;      // expect: warp-implicit-synchronous
    if (rayIdx < numRays) hits[rayIdx] = traceOne(rays[rayIdx], nodes, maxSteps);
  }
}
