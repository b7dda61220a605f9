// A launch-configuration struct of the application's own with a field
// named warpSize, filled from hipDeviceGetAttribute, and a kernel that
// receives the value as an ordinary argument. Neither the field nor the
// parameter is HIP's warpSize built-in.
#include <hip/hip_runtime.h>

struct LaunchConfig {
  int warpSize;
  int threads;
  int blocks;
};

LaunchConfig makeConfig(int device, long long work) {
  LaunchConfig cfg;
  hipDeviceGetAttribute(&cfg.warpSize, hipDeviceAttributeWarpSize, device);
  cfg.threads = 8 * cfg.warpSize;
  const long long b = (work + cfg.threads - 1) / cfg.threads;
  cfg.blocks = b > 65535 ? 65535 : (int)b;
  return cfg;
}

// Per-wavefront minimum of distances (nearest-centroid assignment step).
__global__ void waveMinDistance(const float *dist, long long n, int lanesPerWave, float *waveMins) {
  const long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  float d = i < n ? dist[i] : 3.4e38f;
  for (int o = lanesPerWave / 2; o > 0; o /= 2) d = fminf(d, __shfl_xor(d, o));
  if (threadIdx.x % lanesPerWave == 0) waveMins[i / lanesPerWave] = d;
}

void runWaveMin(const float *dist, long long n, float *mins, const LaunchConfig &cfg, hipStream_t s) {
  hipLaunchKernelGGL(waveMinDistance, dim3(cfg.blocks), dim3(cfg.threads), 0, s, dist, n, cfg.warpSize, mins);
}
