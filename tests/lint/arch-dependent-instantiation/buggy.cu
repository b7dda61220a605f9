// RUN: %check_warpcheck %s arch-dependent-instantiation -- --cuda-arch=sm_80,sm_90
// Kernel template specializations that host code launches but some device
// pass never instantiates.
#include <cuda_runtime.h>

__device__ int result;
template <typename T> __global__ void kernel(T in) { result = in; }

// The guide's example: the launch exists only when __CUDA_ARCH__ is undefined.
__host__ __device__ void host_device_function() {
#if !defined(__CUDA_ARCH__)
  kernel<<<1, 1>>>(1);
// CHECK-NOTES: :[[@LINE-1]]:3: error: kernel 'kernel<int>' is launched in host code but is not instantiated in the sm_80 and sm_90 passes; the device code has no 'kernel<int>' for that architecture [arch-dependent-instantiation]
// CHECK-NOTES: :7:39: note: 'kernel' is not instantiated with these arguments in the sm_80 and sm_90 passes (only 'kernel<long long>')
#endif
}

// A host function hidden from device passes, launching through the runtime API.
#if !defined(__CUDA_ARCH__)
void launch_by_address() {
  void *args[] = {nullptr};
  cudaLaunchKernel((void *)kernel<short>, 1, 1, args, 0, 0);
// CHECK-NOTES: :[[@LINE-1]]:28: error: kernel 'kernel<short>' has its address taken in host code but is not instantiated in the sm_80 and sm_90 passes; the device code has no 'kernel<short>' for that architecture [arch-dependent-instantiation]
// CHECK-NOTES: :7:39: note: 'kernel' is not instantiated with these arguments in the sm_80 and sm_90 passes (only 'kernel<long long>')
  cudaLaunchCooperativeKernel(kernel<char>, 1, 1, args, 0, 0);
// CHECK-NOTES: :[[@LINE-1]]:31: error: kernel 'kernel<char>' has its address taken in host code but is not instantiated in the sm_80 and sm_90 passes; the device code has no 'kernel<char>' for that architecture [arch-dependent-instantiation]
// CHECK-NOTES: :7:39: note: 'kernel' is not instantiated with these arguments in the sm_80 and sm_90 passes (only 'kernel<long long>')
}
#endif

// Template arguments that depend on __CUDA_ARCH__: the device passes
// instantiate kernel<long long>, the host launches kernel<int>.
#ifdef __CUDA_ARCH__
typedef long long index_t;
#else
typedef int index_t;
#endif
void launch_index() {
  kernel<index_t><<<1, 1>>>(0);
// CHECK-NOTES: :[[@LINE-1]]:3: error: kernel 'kernel<int>' is launched in host code but is not instantiated in the sm_80 and sm_90 passes; the device code has no 'kernel<int>' for that architecture [arch-dependent-instantiation]
// CHECK-NOTES: :7:39: note: 'kernel' is not instantiated with these arguments in the sm_80 and sm_90 passes (only 'kernel<long long>')
}

// Missing from one device pass only.
template <int N> __global__ void unrolled(float *p) {}
void launch_unrolled(float *p) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  unrolled<8><<<1, 1>>>(p);
// CHECK-NOTES: :[[@LINE-1]]:3: error: kernel 'unrolled<8>' is launched in host code but is not instantiated in the sm_80 pass; the device code has no 'unrolled<8>' for that architecture [arch-dependent-instantiation]
// CHECK-NOTES: :[[@LINE-5]]:34: note: 'unrolled' is not instantiated with these arguments in the sm_80 pass
#endif
}
