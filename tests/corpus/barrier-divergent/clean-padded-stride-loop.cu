// Sum of a sliding product over a block's segment, staged through shared
// memory in block-sized chunks. The chunk loop is written as the usual
// block-stride loop (`i = threadIdx.x; i += blockDim.x`) but its bound is
// the segment length rounded up to a multiple of blockDim.x, so every
// thread of the block runs the same number of iterations and reaches both
// barriers each time; only the load is guarded by `i < len`. This is the
// common way to keep all threads at the barriers of a strided loop.

__global__ void segmentAutocorr(const float *__restrict__ x, const int *__restrict__ segStart,
                                float *__restrict__ lag1) {
  extern __shared__ float chunk[];  // blockDim.x + 1 floats
  const int seg = blockIdx.x;
  const int begin = segStart[seg], len = segStart[seg + 1] - begin;
  const int padded = (len + blockDim.x - 1) / blockDim.x * blockDim.x;

  float acc = 0.f;
  for (int i = threadIdx.x; i < padded; i += blockDim.x) {
    chunk[threadIdx.x] = i < len ? x[begin + i] : 0.f;
    if (threadIdx.x == 0) {
      const int next = i + blockDim.x;
      chunk[blockDim.x] = next < len ? x[begin + next] : 0.f;
    }
    __syncthreads();
    acc += chunk[threadIdx.x] * chunk[threadIdx.x + 1];
    __syncthreads();
  }
  atomicAdd(&lag1[seg], acc);
}
