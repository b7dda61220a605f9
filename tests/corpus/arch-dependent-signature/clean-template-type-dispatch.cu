// corpus-args: --cuda-arch=sm_80,sm_90
// Segmented reduction kernel templated on the value type and the block
// size, dispatched from the host on a runtime dtype. Every specialization
// has the same parameters in every pass: the types come from the template
// arguments, which the host and the device passes agree on.
#include <cuda_runtime.h>

enum class DType { F32, F64, I32 };

template <typename T, int BLOCK>
__global__ void segmentSum(const T *values, const int *segOffsets, int numSegments, T *sums) {
  __shared__ T partial[BLOCK];
  const int seg = blockIdx.x;
  if (seg >= numSegments) return;
  T acc = T(0);
  for (int i = segOffsets[seg] + threadIdx.x; i < segOffsets[seg + 1]; i += BLOCK) acc += values[i];
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[seg] = partial[0];
}

void segmentSums(DType t, const void *values, const int *offsets, int segments, void *sums, cudaStream_t s) {
  switch (t) {
  case DType::F32:
    segmentSum<float, 256><<<segments, 256, 0, s>>>((const float *)values, offsets, segments, (float *)sums);
    break;
  case DType::F64:
    segmentSum<double, 128><<<segments, 128, 0, s>>>((const double *)values, offsets, segments, (double *)sums);
    break;
  case DType::I32:
    segmentSum<int, 256><<<segments, 256, 0, s>>>((const int *)values, offsets, segments, (int *)sums);
    break;
  }
}
