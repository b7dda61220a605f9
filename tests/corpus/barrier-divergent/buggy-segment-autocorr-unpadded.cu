// The near twin of clean-padded-stride-loop.cu: the same chunked lag-1
// autocorrelation of a block's segment, but the block-stride loop runs to
// the segment length itself instead of the length rounded up to a
// multiple of blockDim.x. When len is not a multiple of the block size,
// the threads past the end leave the loop one chunk early while the others
// wait at the barriers of the last chunk.

__global__ void segmentAutocorr(const float *__restrict__ x, const int *__restrict__ segStart,
                                float *__restrict__ lag1) {
  extern __shared__ float chunk[];  // blockDim.x + 1 floats
  const int seg = blockIdx.x;
  const int begin = segStart[seg], len = segStart[seg + 1] - begin;

  float acc = 0.f;
  for (int i = threadIdx.x; i < len; i += blockDim.x) {
    chunk[threadIdx.x] = x[begin + i];
    if (threadIdx.x == 0) {
      const int next = i + blockDim.x;
      chunk[blockDim.x] = next < len ? x[begin + next] : 0.f;
    }
    __syncthreads(); // expect: barrier-divergent
    acc += chunk[threadIdx.x] * chunk[threadIdx.x + 1];
    __syncthreads(); // expect: barrier-divergent
  }
  atomicAdd(&lag1[seg], acc);
}
