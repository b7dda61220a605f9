// Stencil kernel (7-point Laplacian on a 3-D grid) with launch bounds
// written in wavefronts: `__launch_bounds__(WAVES_PER_BLOCK * warpSize)`.
// The attribute argument must be a constant: since ROCm 7 this does not
// compile, and before it the bound is the wave size of the compiling pass
// (64 for gfx90a, 32 for gfx1100), while the host launches a fixed 256.
#include <hip/hip_runtime.h>

#define WAVES_PER_BLOCK 4
#define BX 64
#define BY 4

__global__ void __launch_bounds__(WAVES_PER_BLOCK * warpSize) // expect: hip-warpsize-constexpr
laplacian7(const float *__restrict__ u, float *__restrict__ out, int nx, int ny, int nz, float invH2) {
  const int x = blockIdx.x * BX + threadIdx.x;
  const int y = blockIdx.y * BY + threadIdx.y;
  if (x < 1 || y < 1 || x >= nx - 1 || y >= ny - 1) return;
  const size_t plane = (size_t)nx * ny;
  for (int z = 1; z < nz - 1; ++z) {
    const size_t c = z * plane + (size_t)y * nx + x;
    out[c] = (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] + u[c - plane] + u[c + plane] - 6.f * u[c]) * invH2;
  }
}

void applyLaplacian(const float *u, float *out, int nx, int ny, int nz, float h, hipStream_t s) {
  dim3 block(BX, BY), grid((nx + BX - 1) / BX, (ny + BY - 1) / BY);
  hipLaunchKernelGGL(laplacian7, grid, block, 0, s, u, out, nx, ny, nz, 1.f / (h * h));
}
