// Block sum, the Kepler-era reduction updated for independent thread
// scheduling: the warp reduction uses __shfl_down_sync with the full mask.
// Both calls are reached by whole warps -- the first by every thread of the
// block, the second under `if (wid == 0)`, which selects all 32 lanes of
// warp 0 -- so 0xffffffff names exactly the lanes that take part.

#define FULL_MASK 0xffffffffu
#define FULL_WARP 32

__inline__ __device__ int warpReduceSum(int val) {
  for (int offset = FULL_WARP / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(FULL_MASK, val, offset);
  return val;
}

__inline__ __device__ int blockReduceSum(int val) {
  static __shared__ int shared[32];
  int lane = threadIdx.x % FULL_WARP;
  int wid = threadIdx.x / FULL_WARP;

  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();

  val = (threadIdx.x < blockDim.x / FULL_WARP) ? shared[lane] : 0;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

__global__ void deviceReduceKernel(const int *in, int *out, int N) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) out[blockIdx.x] = sum;
}

void deviceReduce(const int *in, int *out, int N) {
  int threads = 512;
  int blocks = (N + threads - 1) / threads;
  if (blocks > 1024) blocks = 1024;
  deviceReduceKernel<<<blocks, threads>>>(in, out, N);
  deviceReduceKernel<<<1, 1024>>>(out, out, blocks);
}
