// Grid-stride dot product that leaves one partial sum per wavefront in a
// workspace buffer (reduced by a second kernel). A namespace-scope
// constant caches "the warp size" from warpSize for the host code that
// sizes the workspace. In a host variable warpSize is not the GPU's warp
// size (HIP before ROCm 7 gives 64 in the host pass, ROCm 7 rejects it):
// on a wave32 GPU the grid has twice as many wavefronts as the buffer has
// slots, and the kernel writes past its end.
#include <hip/hip_runtime.h>

static const int kHostWaveSize = warpSize; // expect: hip-warpsize-constexpr

__global__ void dotPartials(const float *x, const float *y, size_t n, float *partials) {
  const int lane = __lane_id();
  const int wave = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  float acc = 0.f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    acc += x[i] * y[i];
  for (int o = warpSize / 2; o > 0; o /= 2) acc += __shfl_down(acc, o);
  if (lane == 0) partials[wave] = acc;
}

size_t dotWorkspaceFloats(int blocks, int threadsPerBlock) {
  return (size_t)blocks * (threadsPerBlock / kHostWaveSize);
}

hipError_t dotAsync(const float *x, const float *y, size_t n, float **workspace, hipStream_t s) {
  const int blocks = 240, threads = 256;
  hipError_t err = hipMalloc(workspace, dotWorkspaceFloats(blocks, threads) * sizeof(float));
  if (err != hipSuccess) return err;
  hipLaunchKernelGGL(dotPartials, dim3(blocks), dim3(threads), 0, s, x, y, n, *workspace);
  return hipGetLastError();
}
