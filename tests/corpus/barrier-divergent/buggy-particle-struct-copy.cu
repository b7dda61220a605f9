// Particle push with a shared-memory neighbour exchange. Each thread loads
// its particle into a struct, copies it to advance it, and the threads
// whose copy left the box skip the rest of the step -- including the
// barrier that orders the exchange, so the block's other threads wait at
// it for threads that never come (or read stale neighbours).

struct Particle {
  float x, v;
};

__device__ Particle advance(Particle p, float dt) {
  Particle q = p;
  q.x += q.v * dt;
  return q;
}

__global__ void pushParticles(Particle *__restrict__ ps, float *__restrict__ force, float box, float dt) {
  __shared__ float pos[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  Particle p = ps[i];
  Particle next = advance(p, dt);
  if (next.x < box) {
    pos[threadIdx.x] = next.x;
    __syncthreads(); // expect: barrier-divergent
    const float left = threadIdx.x > 0 ? pos[threadIdx.x - 1] : next.x;
    force[i] = next.x - left;
  }
  ps[i] = next;
}
