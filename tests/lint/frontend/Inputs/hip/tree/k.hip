// A HIP source: parsed with HIP's headers, one host and one device pass.
#include <hip/hip_runtime.h>
#if defined(__HIP_DEVICE_COMPILE__) && __AMDGCN_WAVEFRONT_SIZE != 64
#error "gfx90a, lint's HIP default, is wave64"
#endif
__global__ void scale(float *p, float s) { p[blockIdx.x * blockDim.x + threadIdx.x] *= s; }
int main() {
  float *p = nullptr;
  hipMalloc(&p, 256 * sizeof(float));
  hipLaunchKernelGGL(scale, dim3(1), dim3(256), 0, 0, p, 2.f);
  scale<<<1, 256>>>(p, 2.f);
  return hipDeviceSynchronize() != hipSuccess;
}
