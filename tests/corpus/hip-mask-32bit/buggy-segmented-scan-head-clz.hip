// Segmented inclusive sum within a wavefront (e.g. per-row sums of a COO
// SpMV, rows flagged by head bits): each lane finds the head of its
// segment as the highest set head bit at or below it, via
// `31 - __clz(heads & (__lanemask_lt() | __lanemask_eq()))`, the CUDA formula. __clz counts
// the leading zeros of 32 bits: on gfx90a the head mask is 64 bits wide,
// __clz sees a truncated value, and lanes 32-63 get the wrong segment
// start.
#include <hip/hip_runtime.h>

__device__ float segmentedWaveSum(float v, bool head) {
  const int lane = __lane_id();
  const unsigned long long heads = __ballot(head) | 1ull;
  const int segStart = 31 - __clz(heads & (__lanemask_lt() | __lanemask_eq())); // expect: hip-mask-32bit
  for (int d = 1; d < warpSize; d *= 2) {
    const float up = __shfl_up(v, d);
    if (lane - d >= segStart) v += up;
  }
  return v;
}

// y[row[k]] += val[k] * x[col[k]] for COO entries sorted by row.
__global__ void cooSpmv(const int *row, const int *col, const float *val, const float *x, float *y, int nnz) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  const bool valid = k < nnz;
  const int r = valid ? row[k] : -1;
  const int rPrev = __shfl_up(r, 1);
  const bool head = __lane_id() == 0 || r != rPrev;
  const bool tail = __shfl_down(head, 1) || __lane_id() == warpSize - 1;
  const float sum = segmentedWaveSum(valid ? val[k] * x[col[k]] : 0.f, head);
  if (valid && (tail || k == nnz - 1)) atomicAdd(&y[r], sum);
}
