// corpus-args: --offload-arch=gfx90a
// HIP port of a persistent reduction-then-broadcast kernel (softmax over one
// huge vector): max, grid sync, sum of exponentials, grid sync, normalise.
// The port launches it with hipLaunchKernelGGL instead of
// hipLaunchCooperativeKernel, so grid.sync() is not valid.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ float atomicMaxFloat(float *addr, float v) {
  int *a = (int *)addr;
  int old = *a;
  while (__int_as_float(old) < v) {
    const int assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(v));
    if (old == assumed) break;
  }
  return __int_as_float(old);
}

__global__ void bigSoftmax(float *x, int n, float *stats) {
  cg::grid_group grid = cg::this_grid();
  float m = -INFINITY;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) m = fmaxf(m, x[i]);
  atomicMaxFloat(&stats[0], m);
  grid.sync();
  const float gmax = stats[0];
  float s = 0.f;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) s += __expf(x[i] - gmax);
  atomicAdd(&stats[1], s);
  grid.sync();
  const float inv = 1.f / stats[1];
  for (int i = grid.thread_rank(); i < n; i += grid.size()) x[i] = __expf(x[i] - gmax) * inv;
}

void softmaxHuge(float *x, int n, float *stats, hipStream_t s) {
  hipLaunchKernelGGL(bigSoftmax, dim3(220), dim3(256), 0, s, x, n, stats); // expect: grid-sync-without-cooperative-launch
}
