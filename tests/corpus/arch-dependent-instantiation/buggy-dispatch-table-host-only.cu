// corpus-args: --cuda-arch=sm_80,sm_90
// Elementwise op dispatch through a table of kernel addresses indexed by
// dtype, built at namespace scope in a host-only section of the file
// (#ifndef __CUDA_ARCH__, to keep the table out of device compilation).
// The table is the only place that names these specializations, so no
// device pass instantiates them: every cudaLaunchKernel through the table
// returns cudaErrorInvalidDeviceFunction.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

template <typename T>
__global__ void scaleShift(T *data, size_t n, float scale, float shift) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
    data[i] = (T)((float)data[i] * scale + shift);
}

enum DType { kF32 = 0, kF64 = 1, kF16 = 2 };

#ifndef __CUDA_ARCH__
static const void *const kScaleShiftTable[] = {
    (const void *)scaleShift<float>,  // expect: arch-dependent-instantiation
    (const void *)scaleShift<double>, // expect: arch-dependent-instantiation
    (const void *)scaleShift<__half>, // expect: arch-dependent-instantiation
};

cudaError_t scaleShiftAsync(DType t, void *data, size_t n, float scale, float shift, cudaStream_t s) {
  void *args[] = {&data, &n, &scale, &shift};
  return cudaLaunchKernel(kScaleShiftTable[t], dim3(1024), dim3(256), args, 0, s);
}
#endif
