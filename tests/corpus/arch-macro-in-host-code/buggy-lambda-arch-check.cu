// A host function that builds its launch plan in a lambda; the lambda
// tests __CUDA_ARCH__ to decide whether cooperative launch is available.
// A lambda written in a host function is host code: the test always takes
// the "no __CUDA_ARCH__" branch, so the grid-synchronising solver is never
// used, even on GPUs that support it.
#include <cuda_runtime.h>

struct Plan {
  bool cooperative;
  int blocks;
};

__global__ void jacobiStep(const float *u, float *v, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i > 0 && i < n - 1) v[i] = 0.5f * (u[i - 1] + u[i + 1]);
}

Plan makePlan(int n, int device) {
  auto decide = [&](int sms) {
    Plan p;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 600 // expect: arch-macro-in-host-code
    p.cooperative = true;
    p.blocks = sms * 2;
#else
    p.cooperative = false;
    p.blocks = (n + 255) / 256;
#endif
    return p;
  };
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  return decide(sms);
}

void smooth(float *u, float *v, int n, int iters, int device, cudaStream_t s) {
  const Plan p = makePlan(n, device);
  for (int it = 0; it < iters; ++it) {
    jacobiStep<<<p.blocks, 256, 0, s>>>(u, v, n);
    float *t = u; u = v; v = t;
  }
}
