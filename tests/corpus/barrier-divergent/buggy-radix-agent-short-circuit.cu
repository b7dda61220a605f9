// One digit pass of an LSD radix sort in the style of CUB's agents: the
// kernel builds a thread-private agent object whose constructor decides
// whether the tile can skip the scatter because all its keys fall into one
// bin. The decision is made from each thread's own key only -- the
// __syncthreads_and() that would make it the block's is missing -- so
// threads whose key matches the first return early while the others wait
// at the barriers in process(): a divergent barrier, reached through the
// agent's field.
constexpr int kBins = 256;

struct DownsweepAgent {
  const unsigned *keysIn;
  unsigned *keysOut;
  const int *binStart;
  int shift;
  bool shortCircuit;

  __device__ DownsweepAgent(const unsigned *in, unsigned *out, const int *start, int digitShift)
      : keysIn(in), keysOut(out), binStart(start), shift(digitShift) {
    unsigned first = (keysIn[blockIdx.x * blockDim.x] >> shift) & (kBins - 1);
    unsigned mine = (keysIn[blockIdx.x * blockDim.x + threadIdx.x] >> shift) & (kBins - 1);
    shortCircuit = mine == first;
  }

  __device__ void process() {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (shortCircuit) {
      keysOut[i] = keysIn[i];
      return;
    }
    __shared__ int rank[kBins];
    if (threadIdx.x < kBins) rank[threadIdx.x] = 0;
    __syncthreads();
    unsigned digit = (keysIn[i] >> shift) & (kBins - 1);
    int local = atomicAdd(&rank[digit], 1);
    __syncthreads();
    keysOut[binStart[digit] + local] = keysIn[i];
  }
};

__global__ void radixDownsweep(const unsigned *in, unsigned *out, const int *binStart, int shift) {
  DownsweepAgent agent(in, out, binStart, shift);
  agent.process(); // expect: barrier-divergent
}
