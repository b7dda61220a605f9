// Warp-per-row dot products (batched GEMV rows) with the warp size as a
// template parameter: the host asks the device for its warp size and
// launches the matching specialization. Inside the <32> instantiation the
// shapes `threadIdx.x & (WS - 1)` and `WS / 2` evaluate to 31 and 16, but
// they come from the parameter the host chose, which is right on both
// wave32 and wave64 devices.
#include <hip/hip_runtime.h>

template <int WS>
__device__ __forceinline__ float warpSum(float v) {
#pragma unroll
  for (int o = WS / 2; o > 0; o /= 2) v += __shfl_xor(v, o, WS);
  return v;
}

template <int WS>
__global__ void rowDots(const float *__restrict__ a, const float *__restrict__ x, float *__restrict__ y, int rows,
                        int cols) {
  const int lane = threadIdx.x & (WS - 1);
  const int row = blockIdx.x * (blockDim.x / WS) + threadIdx.x / WS;
  if (row >= rows) return;
  float acc = 0.f;
  for (int c = lane; c < cols; c += WS) acc += a[(size_t)row * cols + c] * x[c];
  acc = warpSum<WS>(acc);
  if (lane == 0) y[row] = acc;
}

hipError_t gemvRows(const float *a, const float *x, float *y, int rows, int cols, int device, hipStream_t s) {
  int ws = 0;
  hipError_t err = hipDeviceGetAttribute(&ws, hipDeviceAttributeWarpSize, device);
  if (err != hipSuccess) return err;
  const int threads = 256, rowsPerBlock = threads / ws;
  dim3 grid((rows + rowsPerBlock - 1) / rowsPerBlock);
  if (ws == 64)
    hipLaunchKernelGGL(rowDots<64>, grid, dim3(threads), 0, s, a, x, y, rows, cols);
  else
    hipLaunchKernelGGL(rowDots<32>, grid, dim3(threads), 0, s, a, x, y, rows, cols);
  return hipGetLastError();
}
