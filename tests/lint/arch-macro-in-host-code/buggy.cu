// RUN: %check_warpcheck %s arch-macro-in-host-code
// __CUDA_ARCH__ tested in host-only code, where it is never defined.

// The guide's launch-bounds example (§5.4.3.2): the host launch gets 256.
#define THREADS_PER_BLOCK 256
#if __CUDA_ARCH__ >= 900
#define MY_KERNEL_MAX_THREADS (2 * THREADS_PER_BLOCK)
#else
#define MY_KERNEL_MAX_THREADS THREADS_PER_BLOCK
#endif
__global__ void __launch_bounds__(MY_KERNEL_MAX_THREADS) MyKernel(float *p) { p[threadIdx.x] = 0.f; }
void launch(float *p, int blocks) {
  MyKernel<<<blocks, MY_KERNEL_MAX_THREADS>>>(p);
// CHECK-NOTES: :[[@LINE-1]]:22: warning: macro 'MY_KERNEL_MAX_THREADS' is chosen by the value of '__CUDA_ARCH__' but used in host-only function 'launch', where '__CUDA_ARCH__' is never defined: host code always gets the definition for an undefined '__CUDA_ARCH__' [arch-macro-in-host-code]
// CHECK-NOTES: :9:9: note: host code uses this definition of 'MY_KERNEL_MAX_THREADS'
// CHECK-NOTES: :6:2: note: chosen by this conditional on '__CUDA_ARCH__'
}

// Through another macro, and in a size computation.
#define SMEM_BYTES (MY_KERNEL_MAX_THREADS * sizeof(float))
void configure() {
  cudaFuncSetAttribute(MyKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, SMEM_BYTES);
// CHECK-NOTES: :[[@LINE-1]]:79: warning: macro 'MY_KERNEL_MAX_THREADS' is chosen by the value of '__CUDA_ARCH__' but used in host-only function 'configure', {{.*}} [arch-macro-in-host-code]
// CHECK-NOTES: :9:9: note: host code uses this definition of 'MY_KERNEL_MAX_THREADS'
// CHECK-NOTES: :6:2: note: chosen by this conditional on '__CUDA_ARCH__'
}

// A conditional on the architecture inside a host function.
int pick_tile() {
#if __CUDA_ARCH__ >= 800
// CHECK-NOTES: :[[@LINE-1]]:2: warning: conditional on the value of '__CUDA_ARCH__' in host-only function 'pick_tile', where '__CUDA_ARCH__' is never defined: it always takes the branch for an undefined '__CUDA_ARCH__' [arch-macro-in-host-code]
  return 128;
#else
  return 64;
#endif
}

// A device path in a function that is not __device__: dead code.
struct Timer {
  void start() {
#ifdef __CUDA_ARCH__
// CHECK-NOTES: :[[@LINE-1]]:2: warning: conditional on whether '__CUDA_ARCH__' is defined in host-only function 'Timer::start', where it never is: the device branch is dead code (should the function be '__host__ __device__'?) [arch-macro-in-host-code]
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
#else
    t0 = 0;
#endif
  }
  unsigned long long t0;
};

// Through macros tested in #if: one whose replacement mentions __CUDA_ARCH__,
// one defined only in a branch the host pass skips.
#define ARCH_AT_LEAST(v) (__CUDA_ARCH__ >= (v))
#if __CUDA_ARCH__ >= 800
#define HAS_ASYNC_COPY 1
#endif
void copy_path() {
#if ARCH_AT_LEAST(900)
// CHECK-NOTES: :[[@LINE-1]]:2: warning: conditional on 'ARCH_AT_LEAST', which depends on the value of '__CUDA_ARCH__', in host-only function 'copy_path', {{.*}} [arch-macro-in-host-code]
// CHECK-NOTES: :53:9: note: 'ARCH_AT_LEAST' depends on '__CUDA_ARCH__'
#endif
#ifdef HAS_ASYNC_COPY
// CHECK-NOTES: :[[@LINE-1]]:2: warning: conditional on 'HAS_ASYNC_COPY', which depends on the value of '__CUDA_ARCH__', in host-only function 'copy_path', {{.*}} [arch-macro-in-host-code]
// CHECK-NOTES: :55:9: note: 'HAS_ASYNC_COPY' depends on '__CUDA_ARCH__'
#endif
}

// A lambda takes the execution space of the host function around it.
void with_lambda() {
  auto body = [] {
#if defined(__CUDA_ARCH__)
// CHECK-NOTES: :[[@LINE-1]]:2: warning: conditional on whether '__CUDA_ARCH__' is defined in a lambda in host-only function 'with_lambda', {{.*}} [arch-macro-in-host-code]
#endif
  };
  body();
}

// An #elif on the architecture after an unrelated #if.
#define USE_REFERENCE 0
float expected_speedup() {
#if USE_REFERENCE
  return 1.f;
#elif __CUDA_ARCH__ >= 900
// CHECK-NOTES: :[[@LINE-1]]:2: warning: conditional on the value of '__CUDA_ARCH__' in host-only function 'expected_speedup', {{.*}} [arch-macro-in-host-code]
  return 2.f;
#else
  return 1.5f;
#endif
}
