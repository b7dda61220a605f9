// RUN: %check_warpcheck %s arch-dependent-instantiation -- --cuda-arch=sm_80,sm_90
// buggy.cu fixed: every specialization the host launches is instantiated in
// every pass.
#include <cuda_runtime.h>

__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in; }

// An explicit instantiation is seen by every pass...
template __global__ void kernel<int>(int);
__host__ __device__ void host_device_function() {
#if !defined(__CUDA_ARCH__)
  kernel<<<1, 1>>>(1);
#endif
}

// ...and so is a host function that is not hidden from device passes.
void launch_by_address() {
  void *args[] = {nullptr};
  cudaLaunchKernel((void *)kernel<short>, 1, 1, args, 0, 0);
  cudaLaunchCooperativeKernel(kernel<char>, 1, 1, args, 0, 0);
}

typedef long long index_t;
void launch_index() { kernel<index_t><<<1, 1>>>(0); }

template <int N> __global__ void unrolled(float *p) {}
void launch_unrolled(float *p) { unrolled<8><<<1, 1>>>(p); }
