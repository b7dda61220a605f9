// Rigid-body dynamics in spatial algebra: one lane per component of a
// 6-vector (angular xyz, linear xyz), five bodies per warp (lanes 30 and 31
// idle). Kinetic energy 0.5 * v . (I v) and power f . v are reduced over
// each body's six lanes with a shuffle width of 6, the size of a spatial
// vector. Shuffle widths must be powers of two; with 6 the segments do not
// line up with the bodies and the sums are undefined.

#define FULL_MASK 0xffffffffu
#define DOF 6
#define BODIES_PER_WARP 5

__device__ __forceinline__ float bodySum(float x) {
  x += __shfl_xor_sync(FULL_MASK, x, 4, DOF);  // expect: warp-shfl-width
  x += __shfl_xor_sync(FULL_MASK, x, 2, DOF);  // expect: warp-shfl-width
  x += __shfl_xor_sync(FULL_MASK, x, 1, DOF);  // expect: warp-shfl-width
  return x;
}

// inertia: per body a diagonal 6x6 spatial inertia (I_xx..m, m, m).
__global__ void bodyEnergyAndPower(const float *__restrict__ twist, const float *__restrict__ wrench,
                                   const float *__restrict__ inertiaDiag, int bodies, float *__restrict__ kinetic,
                                   float *__restrict__ power) {
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int body = warp * BODIES_PER_WARP + lane / DOF;
  const int comp = lane % DOF;
  const bool valid = lane < BODIES_PER_WARP * DOF && body < bodies;

  const float v = valid ? twist[body * DOF + comp] : 0.f;
  const float f = valid ? wrench[body * DOF + comp] : 0.f;
  const float iv = valid ? inertiaDiag[body * DOF + comp] * v : 0.f;

  const float ke = 0.5f * bodySum(v * iv);
  const float p = bodySum(f * v);
  if (valid && comp == 0) {
    kinetic[body] = ke;
    power[body] = p;
  }
}
