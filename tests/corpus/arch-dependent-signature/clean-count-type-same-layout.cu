// corpus-args: --cuda-arch=sm_80,sm_90
// Degree histogram of a graph. The counter type is spelled per pass by two
// different headers: `long` in device code, `long long` on the host, and
// the vertex id is `int32_t` in one and `int` in the other. On LP64 hosts
// both pairs are the same size and signedness, so the host and the kernel
// agree on every byte of the argument buffer.
#include <cuda_runtime.h>
#include <cstdint>

#ifdef __CUDA_ARCH__
typedef long count_t;
typedef int32_t vid_t;
#else
typedef long long count_t;
typedef int vid_t;
#endif

__global__ void degreeHistogram(const vid_t *rowPtr, vid_t numVertices, count_t *hist, vid_t maxDegree) {
  for (vid_t v = blockIdx.x * blockDim.x + threadIdx.x; v < numVertices; v += blockDim.x * gridDim.x) {
    vid_t d = rowPtr[v + 1] - rowPtr[v];
    if (d > maxDegree) d = maxDegree;
    atomicAdd(reinterpret_cast<unsigned long long *>(&hist[d]), 1ull);
  }
}

void histogram(const vid_t *rowPtr, vid_t n, count_t *hist, vid_t maxDegree, cudaStream_t s) {
  cudaMemsetAsync(hist, 0, (maxDegree + 1) * sizeof(count_t), s);
  degreeHistogram<<<(n + 255) / 256, 256, 0, s>>>(rowPtr, n, hist, maxDegree);
}
