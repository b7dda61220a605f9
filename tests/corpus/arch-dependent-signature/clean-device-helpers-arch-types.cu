// corpus-args: --cuda-arch=sm_75,sm_90
// GELU activation with an arch-dependent compute type: device helpers work
// on __half2 where packed FP16 math is fast (sm_80+), on float2 otherwise.
// Only __device__ helpers and a namespace-scope constexpr change type; the
// kernel takes plain pointers and an int in every pass, so host and device
// agree on the launch.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#if __CUDA_ARCH__ >= 800
typedef __half2 pair_t;
__device__ __forceinline__ pair_t loadPair(const __half *p) { return *reinterpret_cast<const __half2 *>(p); }
__device__ __forceinline__ void storePair(__half *p, pair_t v) { *reinterpret_cast<__half2 *>(p) = v; }
__device__ __forceinline__ float2 toFloat2(pair_t v) { return __half22float2(v); }
__device__ __forceinline__ pair_t fromFloat2(float2 v) { return __float22half2_rn(v); }
#else
typedef float2 pair_t;
__device__ __forceinline__ pair_t loadPair(const __half *p) { return make_float2(__half2float(p[0]), __half2float(p[1])); }
__device__ __forceinline__ void storePair(__half *p, pair_t v) { p[0] = __float2half(v.x); p[1] = __float2half(v.y); }
__device__ __forceinline__ float2 toFloat2(pair_t v) { return v; }
__device__ __forceinline__ pair_t fromFloat2(float2 v) { return v; }
#endif

constexpr float kGeluC = 0.7978845608f; // sqrt(2/pi)

__device__ __forceinline__ float gelu(float x) { return 0.5f * x * (1.f + tanhf(kGeluC * (x + 0.044715f * x * x * x))); }

__global__ void geluHalf(const __half *in, __half *out, int pairs) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < pairs; i += blockDim.x * gridDim.x) {
    float2 v = toFloat2(loadPair(in + 2 * i));
    v.x = gelu(v.x);
    v.y = gelu(v.y);
    storePair(out + 2 * i, fromFloat2(v));
  }
}

void geluForward(const __half *in, __half *out, int n, cudaStream_t s) {
  geluHalf<<<(n / 2 + 255) / 256, 256, 0, s>>>(in, out, n / 2);
}
