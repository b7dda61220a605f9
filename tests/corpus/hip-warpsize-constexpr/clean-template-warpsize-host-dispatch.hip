// Per-wavefront partial sums with the warp size as a template parameter:
// the host queries hipDeviceAttributeWarpSize and launches the matching
// specialization, so the shared array bound, the static_assert and the
// launch bounds are constants of the template, not uses of warpSize.
// Inside the kernel warpSize is only read at run time.
#include <hip/hip_runtime.h>

template <int WarpSize>
__global__ void __launch_bounds__(8 * WarpSize) waveSums(const float *in, size_t n, float *out) {
  static_assert(WarpSize == 32 || WarpSize == 64, "AMD wavefronts have 32 or 64 lanes");
  __shared__ float partial[8];
  const int lane = threadIdx.x % warpSize, wave = threadIdx.x / warpSize;
  float acc = 0.f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    acc += in[i];
  for (int o = WarpSize / 2; o > 0; o /= 2) acc += __shfl_down(acc, o);
  if (lane == 0) partial[wave] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    float total = 0.f;
    for (int w = 0; w < (int)blockDim.x / warpSize; ++w) total += partial[w];
    atomicAdd(out, total);
  }
}

hipError_t launchWaveSums(const float *in, size_t n, float *out, int device, hipStream_t s) {
  int ws = 0;
  hipError_t err = hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, device);
  if (err != hipSuccess) return err;
  if (ws == 64)
    hipLaunchKernelGGL(waveSums<64>, dim3(256), dim3(8 * 64), 0, s, in, n, out);
  else
    hipLaunchKernelGGL(waveSums<32>, dim3(256), dim3(8 * 32), 0, s, in, n, out);
  return hipGetLastError();
}
