// Lag-1 autocorrelation per segment, staged through shared memory in
// block-sized chunks. The chunk loop runs every thread to the segment
// length rounded up to a multiple of blockDim.x, so all threads of the
// block make the same number of trips and reach both barriers; the
// divergence analysis cannot prove that (it sees a loop counter that
// starts at threadIdx.x) and reports the barriers. The reviewed false
// positive is silenced on exactly those two lines, with the rule named
// correctly.

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
    // NOLINTNEXTLINE(barrier-divergent): trip count is padded/blockDim.x for every thread  // expect: unused-suppression
    __syncthreads();
    acc += chunk[threadIdx.x] * chunk[threadIdx.x + 1];
    // NOLINTNEXTLINE(barrier-divergent): same loop, same trip count  // expect: unused-suppression
    __syncthreads();
  }
  atomicAdd(&lag1[seg], acc);
}
