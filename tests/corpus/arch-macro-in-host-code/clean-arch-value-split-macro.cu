// A macro that carries the architecture number, defined by the host/device
// split: __CUDA_ARCH__ in device code, 0 on the host. Host code uses it to
// report "host build" in a version string, which is what it means there;
// device code records the architecture the kernel was compiled for.
#include <cuda_runtime.h>
#include <cstdio>

#ifdef __CUDA_ARCH__
#define COMPILED_ARCH __CUDA_ARCH__
#else
#define COMPILED_ARCH 0
#endif

__global__ void reportArch(int *arch) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *arch = COMPILED_ARCH;
}

void printBuildInfo(int *dArch) {
  int arch = -1;
  reportArch<<<1, 32>>>(dArch);
  cudaMemcpy(&arch, dArch, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("host code compiled with COMPILED_ARCH=%d (0: host); kernels run as sm_%d\n", COMPILED_ARCH, arch / 10);
}
