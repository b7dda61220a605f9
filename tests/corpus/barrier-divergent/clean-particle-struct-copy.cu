// The fixed twin of buggy-particle-struct-copy.cu: every thread takes part
// in the exchange, and only the use of its result depends on the thread's
// own (copied) particle. The block's parameters, copied into a struct, decide
// a barrier for all threads alike.

struct Particle {
  float x, v;
};

struct Step {
  float box, dt;
  int exchanges;
};

__device__ Particle advance(Particle p, float dt) {
  Particle q = p;
  q.x += q.v * dt;
  return q;
}

__global__ void pushParticles(Particle *__restrict__ ps, float *__restrict__ force, Step step) {
  __shared__ float pos[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  Step s = step;
  Particle next = advance(ps[i], s.dt);
  const bool inside = next.x < s.box;
  for (int e = 0; e < s.exchanges; ++e) {
    pos[threadIdx.x] = next.x;
    __syncthreads();
    const float left = threadIdx.x > 0 ? pos[threadIdx.x - 1] : next.x;
    __syncthreads();
    if (inside) force[i] += next.x - left;
  }
  ps[i] = next;
}
