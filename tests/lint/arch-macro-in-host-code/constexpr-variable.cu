// RUN: %check_warpcheck %s arch-macro-in-host-code
// An arch-chosen macro captured in a constant outside any function, then
// used in host code: the host pass initialises the constant with the
// definition for an undefined __CUDA_ARCH__.

#define THREADS_PER_BLOCK 256
#if __CUDA_ARCH__ >= 900
#define MY_KERNEL_MAX_THREADS (2 * THREADS_PER_BLOCK)
#define TILE 128
#else
#define MY_KERNEL_MAX_THREADS THREADS_PER_BLOCK
#define TILE 128
#endif
#ifdef __CUDA_ARCH__
#define ON_DEVICE 1
#else
#define ON_DEVICE 0
#endif

constexpr int kThreads = MY_KERNEL_MAX_THREADS;
constexpr int kHalf = kThreads / 2;
struct Config {
  static constexpr int threads = MY_KERNEL_MAX_THREADS;
};
constexpr int kTile = TILE;          // the same in every branch
constexpr bool kOnDevice = ON_DEVICE; // a host/device split, meant

__global__ void __launch_bounds__(MY_KERNEL_MAX_THREADS) scale(float *p, int n) {
  if (blockIdx.x * kThreads + threadIdx.x < n) p[blockIdx.x * kThreads + threadIdx.x] *= 2.f;
}

// Buggy: the launch gets 256 threads whatever the GPU; one finding per
// function, at the launch configuration.
void launch(float *p, int n) {
  int blocks = (n + kThreads - 1) / kThreads;
  scale<<<blocks, kThreads>>>(p, n);
// CHECK-NOTES: :[[@LINE-1]]:19: warning: 'kThreads' is initialised from macro 'MY_KERNEL_MAX_THREADS', which is chosen by the value of '__CUDA_ARCH__', and used in host-only function 'launch': the host pass initialises it with the definition for an undefined '__CUDA_ARCH__' [arch-macro-in-host-code]
// CHECK-NOTES: :20:15: note: 'kThreads' is initialised from 'MY_KERNEL_MAX_THREADS' here
// CHECK-NOTES: :11:9: note: host code uses this definition of 'MY_KERNEL_MAX_THREADS'
// CHECK-NOTES: :7:2: note: chosen by this conditional on '__CUDA_ARCH__'
}

// Buggy, one constant further and through a class member.
int shared_bytes() { return kHalf * (int)sizeof(float); }
// CHECK-NOTES: :[[@LINE-1]]:29: warning: 'kHalf' is initialised from macro 'MY_KERNEL_MAX_THREADS', {{.*}} used in host-only function 'shared_bytes'{{.*}} [arch-macro-in-host-code]
// CHECK-NOTES: :21:15: note: 'kHalf' is initialised from 'kThreads' here
// CHECK-NOTES: :20:15: note: 'kThreads' is initialised from 'MY_KERNEL_MAX_THREADS' here
// CHECK-NOTES: :11:9: note: host code uses this definition of 'MY_KERNEL_MAX_THREADS'
// CHECK-NOTES: :7:2: note: chosen by this conditional on '__CUDA_ARCH__'
int members() { return Config::threads; }
// CHECK-NOTES: :[[@LINE-1]]:24: warning: 'Config::threads' is initialised from macro 'MY_KERNEL_MAX_THREADS', {{.*}} used in host-only function 'members'{{.*}} [arch-macro-in-host-code]
// CHECK-NOTES: :23:24: note: 'Config::threads' is initialised from 'MY_KERNEL_MAX_THREADS' here
// CHECK-NOTES: :11:9: note: host code uses this definition of 'MY_KERNEL_MAX_THREADS'
// CHECK-NOTES: :7:2: note: chosen by this conditional on '__CUDA_ARCH__'

// Clean: the same value in every branch, a host/device split, and device
// uses of the arch constant (the kernel above).
int tile() { return kTile; }
bool on_device() { return kOnDevice; }
__device__ int device_threads() { return kThreads; }
