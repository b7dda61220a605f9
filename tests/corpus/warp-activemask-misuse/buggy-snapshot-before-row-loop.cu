// CSR row max for a sparse softmax, one warp per row: the lanes loop over
// the row's non-zeros with `for (j = start + lane; j < end; j += 32)` and
// combine each chunk with a butterfly. The mask is an __activemask()
// snapshot taken before the loop; the loop's per-lane trip counts differ
// whenever the row length is not a multiple of 32, so lanes in the
// snapshot leave the loop while the rest shuffle with them in the mask.

#include <cfloat>

__global__ void csrRowMax(const int *__restrict__ rowPtr, const float *__restrict__ val, int rows,
                          float *__restrict__ rowMax) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  if (row >= rows) return;
  const unsigned active = __activemask();
  const int start = rowPtr[row], end = rowPtr[row + 1];

  float m = -FLT_MAX;
  for (int j = start + lane; j < end; j += 32) {
    float chunk = val[j];
    for (int o = 16; o > 0; o >>= 1) chunk = fmaxf(chunk, __shfl_xor_sync(active, chunk, o)); // expect: warp-activemask-misuse
    m = fmaxf(m, chunk);
  }
  if (lane == 0) rowMax[row] = m;
}
