// corpus-args: --cuda-arch=sm_80,sm_90
// Tiled copy-and-scale kernel template whose argument struct carries a
// staging buffer of "vector loads": float4 on the device, float2 on the
// host (where the buffer is allocated as n / 2 elements). The pointee of
// `staging` is 16 bytes in device passes and 8 on the host, so the host
// allocates half of what each specialization writes.
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
typedef float4 vec_t;
#else
typedef float2 vec_t;
#endif

template <typename T>
struct ScaleArgs {
  const T *src;
  T *dst;
  vec_t *staging;
  T scale;
  int n;
};

template <typename T>
__global__ void scaleThroughStaging(ScaleArgs<T> a) { // expect: arch-dependent-signature
  const int perVec = sizeof(vec_t) / sizeof(float);
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v * perVec >= a.n) return;
  float *stage = reinterpret_cast<float *>(&a.staging[v]);
  for (int k = 0; k < perVec && v * perVec + k < a.n; ++k) stage[k] = (float)a.src[v * perVec + k];
  for (int k = 0; k < perVec && v * perVec + k < a.n; ++k) a.dst[v * perVec + k] = (T)(stage[k] * (float)a.scale);
}

void scale(const float *src, float *dst, int n, float s, cudaStream_t st) {
  vec_t *staging = nullptr;
  const int vecs = (n + (int)(sizeof(vec_t) / sizeof(float)) - 1) / (int)(sizeof(vec_t) / sizeof(float));
  cudaMallocAsync((void **)&staging, vecs * sizeof(vec_t), st);
  ScaleArgs<float> a{src, dst, staging, s, n};
  scaleThroughStaging<<<(vecs + 255) / 256, 256, 0, st>>>(a);
  cudaFreeAsync(staging, st);
}
