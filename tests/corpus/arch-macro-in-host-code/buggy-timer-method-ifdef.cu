// A small profiling timer used inside kernels and on the host. Its
// `start()`/`stop()` methods test #ifdef __CUDA_ARCH__ to read the GPU's
// global timer in device code, but they were declared without
// __host__ __device__: as host-only functions they never see
// __CUDA_ARCH__ defined, the device branch is dead code, and device code
// cannot call them at all.
#include <cuda_runtime.h>
#include <chrono>

struct SpanTimer {
  unsigned long long t0 = 0, elapsed = 0;

  void start() {
#ifdef __CUDA_ARCH__ // expect: arch-macro-in-host-code
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
#else
    t0 = (unsigned long long)std::chrono::steady_clock::now().time_since_epoch().count();
#endif
  }

  void stop() {
    unsigned long long t1;
#ifdef __CUDA_ARCH__ // expect: arch-macro-in-host-code
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
#else
    t1 = (unsigned long long)std::chrono::steady_clock::now().time_since_epoch().count();
#endif
    elapsed += t1 - t0;
  }
};

__global__ void busyKernel(float *x, int n, int iters) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  for (int k = 0; k < iters; ++k) v = v * 0.999f + 0.001f;
  x[i] = v;
}

unsigned long long timeBusy(float *x, int n, int iters) {
  SpanTimer t;
  t.start();
  busyKernel<<<(n + 255) / 256, 256>>>(x, n, iters);
  cudaDeviceSynchronize();
  t.stop();
  return t.elapsed;
}
