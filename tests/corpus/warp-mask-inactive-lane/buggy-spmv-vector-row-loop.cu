// CSR SpMV, "vector" kernel with a twist: the warp strides over its row
// in chunks, and each lane loops `for (j = start + lane; j < end; j += 32)`
// doing an all-reduce of the chunk inside the loop (to keep a running
// Kahan-compensated sum in every lane). Lanes whose j passes `end` leave
// the loop one chunk early, while the full-mask butterfly still names them.

template <typename T>
__device__ __forceinline__ void kahanAdd(T &sum, T &comp, T x) {
  T y = x - comp;
  T t = sum + y;
  comp = (t - sum) - y;
  sum = t;
}

template <typename T>
__global__ void spmvCsrVector(const int *__restrict__ rowPtr, const int *__restrict__ col, const T *__restrict__ val,
                              const T *__restrict__ x, T *__restrict__ y, int rows) {
  const int lane = threadIdx.x & 31;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (row >= rows) return;
  const int start = rowPtr[row], end = rowPtr[row + 1];

  T sum = 0, comp = 0;
  for (int j = start + lane; j < end; j += 32) {
    T chunk = val[j] * x[col[j]];
    for (int o = 16; o > 0; o >>= 1) chunk += __shfl_xor_sync(0xffffffff, chunk, o); // expect: warp-mask-inactive-lane
    kahanAdd(sum, comp, chunk);
  }
  if (lane == 0) y[row] = sum;
}

template __global__ void spmvCsrVector<float>(const int *, const int *, const float *, const float *, float *, int);
template __global__ void spmvCsrVector<double>(const int *, const int *, const double *, const double *, double *,
                                               int);
