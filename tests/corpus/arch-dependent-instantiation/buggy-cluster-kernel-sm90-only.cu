// corpus-args: --cuda-arch=sm_80,sm_90
// Row-wise max of very long rows split over CLUSTER blocks per row, meant
// to run as a thread-block cluster on Hopper. The host launch of the
// cluster specialization was guarded with
// `#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900` so that "the sm_80
// build does not see cluster code". The guard is true in the host pass,
// so the host registers and launches rowMaxSplit<4>, but the sm_80 pass
// never instantiates it: on an A100 the launch finds no kernel image.
#include <cuda_runtime.h>

template <int CLUSTER>
__global__ void rowMaxSplit(const float *x, int cols, float *partialMax) {
  __shared__ float warpMax[32];
  const int row = blockIdx.x / CLUSTER, part = blockIdx.x % CLUSTER;
  const int per = (cols + CLUSTER - 1) / CLUSTER;
  const int begin = part * per, end = min(cols, begin + per);
  float m = -3.4e38f;
  for (int c = begin + threadIdx.x; c < end; c += blockDim.x) m = fmaxf(m, x[(size_t)row * cols + c]);
  for (int o = 16; o > 0; o /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
  if ((threadIdx.x & 31) == 0) warpMax[threadIdx.x >> 5] = m;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < (int)(blockDim.x >> 5); ++w) m = fmaxf(m, warpMax[w]);
    partialMax[blockIdx.x] = m;
  }
}

void rowMaxLong(const float *x, int rows, int cols, float *partialMax, cudaStream_t s) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute attr;
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = 4;
  attr.val.clusterDim.y = 1;
  attr.val.clusterDim.z = 1;
  cfg.gridDim = dim3(rows * 4);
  cfg.blockDim = dim3(256);
  cfg.stream = s;
  cfg.attrs = &attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, rowMaxSplit<4>, x, cols, partialMax); // expect: arch-dependent-instantiation
#endif
}
