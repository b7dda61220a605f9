// corpus-args: --cuda-arch=sm_80,sm_90
// Particle advection where the host mirrors the device's particle record
// with its own struct: device code sees {float3 pos; float mass}, the host
// a flat {x, y, z, mass}. Both are 16 bytes, 4-byte aligned, with the
// same four floats at offsets 0, 4, 8 and 12, so the bytes the host writes
// are the bytes the kernel reads.
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
struct Particle {
  float3 pos;
  float mass;
};
#else
struct Particle {
  float x, y, z;
  float mass;
};
#endif

__global__ void advect(Particle *p, const float3 *vel, int n, float dt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#ifdef __CUDA_ARCH__
  const float3 v = vel[i];
  p[i].pos.x += v.x * dt;
  p[i].pos.y += v.y * dt;
  p[i].pos.z += v.z * dt;
#endif
}

void step(Particle *dParticles, const float3 *dVel, int n, float dt, cudaStream_t s) {
  advect<<<(n + 255) / 256, 256, 0, s>>>(dParticles, dVel, n, dt);
}
