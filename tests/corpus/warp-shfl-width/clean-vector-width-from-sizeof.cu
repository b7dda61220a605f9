// Row-wise L2 normalisation of embeddings stored with 16-byte vector
// loads: each lane loads one uint4 (16 bytes), so a 128-byte row of T
// occupies 128 / 16 = 8 lanes and four rows share a warp. The segment
// width is derived from sizeof -- 8 lanes for any T here, since the row is
// a fixed 128 bytes -- and the row sum is reduced over that segment.

#include <cuda_fp16.h>

#define FULL_MASK 0xffffffffu

template <typename T>
struct RowLayout {
  static constexpr int kRowBytes = 128;
  static constexpr int kElemsPerLane = sizeof(uint4) / sizeof(T);
  static constexpr int kLanesPerRow = kRowBytes / sizeof(uint4);
};

__device__ __forceinline__ float toFloat(float v) { return v; }
__device__ __forceinline__ float toFloat(__half v) { return __half2float(v); }
__device__ __forceinline__ void fromFloat(float f, float &v) { v = f; }
__device__ __forceinline__ void fromFloat(float f, __half &v) { v = __float2half(f); }

template <typename T>
__global__ void l2NormaliseRows(T *__restrict__ rows, int numRows) {
  using L = RowLayout<T>;
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int row = gid / L::kLanesPerRow;
  const bool valid = row < numRows;

  uint4 raw = valid ? reinterpret_cast<const uint4 *>(rows)[gid] : make_uint4(0, 0, 0, 0);
  T *elems = reinterpret_cast<T *>(&raw);
  float ss = 0.f;
#pragma unroll
  for (int e = 0; e < L::kElemsPerLane; ++e) ss += toFloat(elems[e]) * toFloat(elems[e]);
#pragma unroll
  for (int o = L::kLanesPerRow / 2; o > 0; o >>= 1) ss += __shfl_xor_sync(FULL_MASK, ss, o, L::kLanesPerRow);

  const float inv = ss > 0.f ? rsqrtf(ss) : 0.f;
#pragma unroll
  for (int e = 0; e < L::kElemsPerLane; ++e) fromFloat(toFloat(elems[e]) * inv, elems[e]);
  if (valid) reinterpret_cast<uint4 *>(rows)[gid] = raw;
}

template __global__ void l2NormaliseRows<float>(float *, int);
template __global__ void l2NormaliseRows<__half>(__half *, int);
