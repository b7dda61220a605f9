// Persistent-threads work distribution (Aila & Laine) fixed for
// independent thread scheduling: lane 0 fetches the next batch of 32 rays
// into the warp's shared slot, __syncwarp() publishes it to the other
// lanes, and a second __syncwarp() after the reads keeps lane 0 from
// overwriting the slot for the next batch while a slower lane still reads
// it. The exit test reads the same published value in every lane, so the
// whole warp leaves together and every lane takes part in both syncs.

#define WARPS_PER_BLOCK 4

__device__ int globalPoolNextRay;

__device__ float shade(const float4 *__restrict__ rays, int i) {
  float4 r = rays[i];
  return fmaxf(0.f, r.x * 0.577f + r.y * 0.577f + r.z * 0.577f) * r.w;
}

__global__ void shadePersistent(const float4 *__restrict__ rays, int numRays, float *__restrict__ out) {
  __shared__ int nextRay[WARPS_PER_BLOCK];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;

  while (true) {
    if (lane == 0) nextRay[warp] = atomicAdd(&globalPoolNextRay, 32);
    __syncwarp();
    const int base = nextRay[warp];
    __syncwarp();
    if (base >= numRays) break;
    const int i = base + lane;
    if (i < numRays) out[i] = shade(rays, i);
  }
}
