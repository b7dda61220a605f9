// RUN: %check_warpcheck %s barrier-divergent
// RUN: %warpcheck lint --no-config --exit-zero --format json %s | %FileCheck %s --check-prefix=JSON
// nvcc's cache-hint stores (sm_32_intrinsics.h), which clang's CUDA wrappers
// lack: every scalar and vector overload parses, in kernels and in
// __host__ __device__ code, and the checks still find the bug next to them.
// JSON: "messages": [],
// JSON: "status": "analyzed"{{$}}
#include <cuda_fp16.h>

template <class T> __device__ void store_all(T *p, T v) {
  __stcg(p, v);
  __stcs(p + 1, v);
  __stwb(p + 2, v);
  __stwt(p + 3, v);
}

__global__ void every_overload(char *c, signed char *sc, short *s, int *i, long *l, long long *ll,
                               unsigned char *uc, unsigned short *us, unsigned *u, unsigned long *ul,
                               unsigned long long *ull, float *f, double *d, char2 *c2, char4 *c4,
                               short2 *s2, short4 *s4, int2 *i2, int4 *i4, longlong2 *ll2, uchar2 *uc2,
                               uchar4 *uc4, ushort2 *us2, ushort4 *us4, uint2 *u2, uint4 *u4,
                               ulonglong2 *ull2, float2 *f2, float4 *f4, double2 *d2, __half *h) {
  store_all(c, char(1)); store_all(sc, (signed char)1); store_all(s, short(1)); store_all(i, 1);
  store_all(l, 1L); store_all(ll, 1LL); store_all(uc, (unsigned char)1); store_all(us, (unsigned short)1);
  store_all(u, 1u); store_all(ul, 1UL); store_all(ull, 1ULL); store_all(f, 1.f); store_all(d, 1.0);
  store_all(c2, make_char2(1, 2)); store_all(c4, make_char4(1, 2, 3, 4));
  store_all(s2, make_short2(1, 2)); store_all(s4, make_short4(1, 2, 3, 4));
  store_all(i2, make_int2(1, 2)); store_all(i4, make_int4(1, 2, 3, 4));
  store_all(ll2, make_longlong2(1, 2)); store_all(uc2, make_uchar2(1, 2));
  store_all(uc4, make_uchar4(1, 2, 3, 4)); store_all(us2, make_ushort2(1, 2));
  store_all(us4, make_ushort4(1, 2, 3, 4)); store_all(u2, make_uint2(1, 2));
  store_all(u4, make_uint4(1, 2, 3, 4)); store_all(ull2, make_ulonglong2(1, 2));
  store_all(f2, make_float2(1, 2)); store_all(f4, make_float4(1, 2, 3, 4));
  store_all(d2, make_double2(1, 2)); store_all(h, __float2half(1.f));
}

// Buggy: the streaming store is fine, the barrier under it is not.
__global__ void stream_out_buggy(const float4 *in, float4 *out, int n) {
  __shared__ float4 tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    tile[threadIdx.x] = in[i];
    __syncthreads();
// CHECK-MESSAGES: :[[@LINE-1]]:5: error: barrier '__syncthreads()' {{.*}} [barrier-divergent]
    __stcs(out + i, tile[(threadIdx.x + 1) % 256]);
  }
}

// Fixed: every thread reaches the barrier.
__global__ void stream_out_fixed(const float4 *in, float4 *out, int n) {
  __shared__ float4 tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) tile[threadIdx.x] = in[i];
  __syncthreads();
  if (i < n) __stcs(out + i, tile[(threadIdx.x + 1) % 256]);
}

// Tricky-clean: the stores in a __host__ __device__ helper, under a guard
// that is uniform (blockIdx), with __stcg's result used nowhere.
__host__ __device__ inline void put(int *p, int v) {
#ifdef __CUDA_ARCH__
  __stcg(p, v);
#else
  *p = v;
#endif
}
__global__ void uniform_guard(int *out, int blocks) {
  if (blockIdx.x < blocks) {
    put(out + threadIdx.x, 1);
    __syncthreads();
  }
}
