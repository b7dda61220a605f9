// An application's use of rocRAND's device API (Debian's librocrand-dev
// 5.3.3): per-thread generator states initialised and drawn in kernels, as
// the rocRAND documentation shows them.
#include <hip/hip_runtime.h>
#include <rocrand/rocrand_kernel.h>

__global__ void init_xorwow(rocrand_state_xorwow* states, unsigned long long seed) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_init(seed, id, 0, &states[id]);
}

__global__ void monte_carlo_pi(rocrand_state_xorwow* states, unsigned* hits, int samples) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_xorwow s = states[id];
  unsigned inside = 0;
  for (int i = 0; i < samples; ++i) {
    float x = rocrand_uniform(&s), y = rocrand_uniform(&s);
    inside += x * x + y * y <= 1.0f;
  }
  states[id] = s;
  atomicAdd(hits, inside);
}

__global__ void gaussian_noise(unsigned long long seed, float* out, size_t n) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_philox4x32_10 s;
  rocrand_init(seed, id, 0, &s);
  for (size_t i = id; i < n; i += (size_t)gridDim.x * blockDim.x) out[i] = rocrand_normal(&s);
}

__global__ void mrg_poisson(unsigned long long seed, unsigned* out, double lambda, size_t n) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_mrg32k3a s;
  rocrand_init(seed, id, 0, &s);
  for (size_t i = id; i < n; i += (size_t)gridDim.x * blockDim.x) out[i] = rocrand_poisson(&s, lambda);
}

__global__ void sobol_points(const unsigned* directions, float* out, unsigned offset) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  rocrand_state_sobol32 s;
  rocrand_init(directions, offset + id, &s);
  out[id] = rocrand_uniform(&s);
}
