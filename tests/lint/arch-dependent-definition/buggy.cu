// RUN: %check_warpcheck %s arch-dependent-definition -- --cuda-arch=sm_75,sm_90 -- -fgpu-rdc
// Separate compilation: external device definitions that exist for some
// architectures only.

// The catalogue's example: other translation units call fast_scale().
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
__host__ __device__ float fast_scale(float x) { return x * 2.f; }
// CHECK-NOTES: :[[@LINE-1]]:27: error: external definition of __host__ __device__ function 'fast_scale(float)' exists in the sm_90 pass but not in the sm_75 pass; with relocatable device code, the device objects compiled without it cannot provide it at link time [arch-dependent-definition]
// CHECK-NOTES: :[[@LINE-2]]:27: note: not defined in the sm_75 pass
#endif

#if __CUDA_ARCH__ >= 900
__device__ int histogram[256];
// CHECK-NOTES: :[[@LINE-1]]:16: error: external definition of __device__ variable 'histogram' exists in the sm_90 pass but not in the sm_75 pass; {{.*}} [arch-dependent-definition]
// CHECK-NOTES: :[[@LINE-2]]:16: note: not defined in the sm_75 pass
__constant__ float weights[8];
// CHECK-NOTES: :[[@LINE-1]]:20: error: external definition of __constant__ variable 'weights' exists in the sm_90 pass but not in the sm_75 pass; {{.*}} [arch-dependent-definition]
// CHECK-NOTES: :[[@LINE-2]]:20: note: not defined in the sm_75 pass
__global__ void tensor_kernel() {}
// CHECK-NOTES: :[[@LINE-1]]:17: error: external definition of __global__ function 'tensor_kernel()' exists in the sm_90 pass but not in the sm_75 pass; {{.*}} [arch-dependent-definition]
// CHECK-NOTES: :[[@LINE-2]]:17: note: not defined in the sm_75 pass
#endif

// Only one overload is arch-dependent.
__device__ float clamp01(float x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
#if __CUDA_ARCH__ < 800
namespace legacy {
__device__ int clamp01(int x) { return x < 0 ? 0 : x > 1 ? 1 : x; }
// CHECK-NOTES: :[[@LINE-1]]:16: error: external definition of __device__ function 'legacy::clamp01(int)' exists in the sm_75 pass but not in the sm_90 pass; {{.*}} [arch-dependent-definition]
// CHECK-NOTES: :[[@LINE-2]]:16: note: not defined in the sm_90 pass
}
#endif

#if __CUDA_ARCH__ >= 900
__managed__ int ready_flag;
// CHECK-NOTES: :[[@LINE-1]]:17: error: external definition of __managed__ variable 'ready_flag' exists in the sm_90 pass but not in the sm_75 pass; {{.*}} [arch-dependent-definition]
// CHECK-NOTES: :[[@LINE-2]]:17: note: not defined in the sm_75 pass
#endif
