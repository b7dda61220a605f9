// One digit pass of an LSD radix sort, written the way CUB writes its
// agents: the kernel builds a thread-private agent object, whose constructor
// decides whether the tile can skip the scatter because all its keys fall
// into one bin. Each thread first computes that from its own key, then the
// field is overwritten with __syncthreads_and() of it, so the object the
// kernel then calls process() on only ever holds the block-uniform answer:
// the early return ahead of the barriers is taken by the whole block or by
// none of it.
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
    shortCircuit = __syncthreads_and(shortCircuit);
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
  agent.process();
}
