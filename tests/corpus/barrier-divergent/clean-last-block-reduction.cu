// Single-pass sum with the "last block" pattern (CUDA samples'
// threadFenceReduction): every block reduces its slice, thread 0 publishes
// the partial, fences, and takes a ticket; the block that draws the last
// ticket sums all partials. The ticket is turned into a __shared__ flag
// that thread 0 writes before a barrier and every thread reads after it, so
// `if (amLast)` is the same for the whole block and the barriers inside it
// are reached by all of its threads.

#define BLOCK 256

__device__ unsigned int retirementCount = 0;

__device__ float blockReduce(float v, float *s) {
  s[threadIdx.x] = v;
  __syncthreads();
  for (int k = BLOCK / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  return s[0];
}

__global__ void sumSinglePass(const float *__restrict__ in, float *__restrict__ partial, float *__restrict__ out,
                              int n) {
  __shared__ float s[BLOCK];
  __shared__ bool amLast;
  float v = 0.f;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x) v += in[i];
  const float blockTotal = blockReduce(v, s);

  if (threadIdx.x == 0) {
    partial[blockIdx.x] = blockTotal;
    __threadfence();
    const unsigned ticket = atomicInc(&retirementCount, gridDim.x);
    amLast = ticket == gridDim.x - 1;
  }
  __syncthreads();

  if (amLast) {
    __threadfence();
    float t = 0.f;
    for (int b = threadIdx.x; b < gridDim.x; b += BLOCK) t += partial[b];
    const float total = blockReduce(t, s);
    if (threadIdx.x == 0) {
      *out = total;
      retirementCount = 0;
    }
  }
}
