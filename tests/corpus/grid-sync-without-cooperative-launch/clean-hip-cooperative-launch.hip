// corpus-args: --offload-arch=gfx90a
// HIP persistent softmax over one huge vector (max, sync, sum, sync,
// normalise), launched with hipLaunchCooperativeKernel.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__device__ void atomicMaxFloat(float *addr, float v) {
  int *a = (int *)addr;
  int old = *a;
  while (__int_as_float(old) < v) {
    const int assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(v));
    if (old == assumed) break;
  }
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

hipError_t softmaxHuge(float *x, int n, float *stats, int blocks, hipStream_t s) {
  void *args[] = {&x, &n, &stats};
  return hipLaunchCooperativeKernel(reinterpret_cast<void *>(bigSoftmax), dim3(blocks), dim3(256), args, 0, s);
}
