// RUN: %check_warpcheck %s arch-macro-in-host-code
// buggy.cu fixed: host code decides from the device it runs on, and the
// arch-dependent paths live in code compiled for the device.
#include <cuda_runtime.h>

#define THREADS_PER_BLOCK 256
#if __CUDA_ARCH__ >= 900
#define MY_KERNEL_MAX_THREADS (2 * THREADS_PER_BLOCK)
#else
#define MY_KERNEL_MAX_THREADS THREADS_PER_BLOCK
#endif
// Launch bounds are part of the kernel, compiled per architecture: fine.
__global__ void __launch_bounds__(MY_KERNEL_MAX_THREADS) MyKernel(float *p) { p[threadIdx.x] = 0.f; }

int threads_for(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  return prop.major >= 9 ? 2 * THREADS_PER_BLOCK : THREADS_PER_BLOCK;
}
void launch(float *p, int blocks) { MyKernel<<<blocks, threads_for(0)>>>(p); }

void configure() {
  cudaFuncSetAttribute(MyKernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       threads_for(0) * sizeof(float));
}

int pick_tile(const cudaDeviceProp &prop) { return prop.major >= 8 ? 128 : 64; }

struct Timer {
  __host__ __device__ void start() {
#ifdef __CUDA_ARCH__
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
#else
    t0 = 0;
#endif
  }
  unsigned long long t0;
};

#define ARCH_AT_LEAST(v) (__CUDA_ARCH__ >= (v))
__device__ void copy_path() {
#if ARCH_AT_LEAST(900)
  // the sm_90 copy
#endif
}

void with_lambda() {
  auto body = [] __device__ () {
#if defined(__CUDA_ARCH__)
#endif
  };
}
