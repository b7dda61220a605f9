// corpus-args: --cuda-arch=sm_60,sm_90
// Global energy accumulator for a molecular-dynamics step: device code
// accumulates in double where atomicAdd(double*) exists (sm_60 and up),
// in float otherwise. The type of the __device__ variable itself follows
// __CUDA_ARCH__, so the host pass (arch undefined) declares it float:
// cudaMemcpyFromSymbol(&e, g_energy, sizeof(g_energy)) copies 4 of the 8
// bytes the kernels wrote and reinterprets them.
#include <cuda_runtime.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600
typedef double energy_t;
#else
typedef float energy_t;
#endif

__device__ energy_t g_energy; // expect: arch-dependent-signature

__global__ void pairEnergy(const float4 *pos, int n, float cutoff2) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4 pi = pos[i];
  energy_t e = 0;
  for (int j = i + 1; j < n; ++j) {
    const float dx = pos[j].x - pi.x, dy = pos[j].y - pi.y, dz = pos[j].z - pi.z;
    const float r2 = dx * dx + dy * dy + dz * dz;
    if (r2 < cutoff2) {
      const float inv6 = 1.f / (r2 * r2 * r2);
      e += 4.f * (inv6 * inv6 - inv6);
    }
  }
  atomicAdd(&g_energy, e);
}

double totalEnergy(const float4 *pos, int n, float cutoff, cudaStream_t s) {
  energy_t zero = 0, e = 0;
  cudaMemcpyToSymbolAsync(g_energy, &zero, sizeof(g_energy), 0, cudaMemcpyHostToDevice, s);
  pairEnergy<<<(n + 127) / 128, 128, 0, s>>>(pos, n, cutoff * cutoff);
  cudaMemcpyFromSymbolAsync(&e, g_energy, sizeof(g_energy), 0, cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s);
  return (double)e;
}
