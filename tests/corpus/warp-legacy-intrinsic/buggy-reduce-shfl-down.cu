// Block sum in the style of the Kepler-era "faster parallel reductions"
// post: a grid-stride accumulation, a warp reduction with __shfl_down, one
// partial per warp in shared memory, and the first warp reducing the
// partials. __shfl_down has no mask and assumes the 32 lanes run in
// lockstep; it is gone for sm_70 and later (nvcc 13 rejects it, clang still
// compiles it), and the second call sits under `if (warp == 0)`, where the
// mask to pass is that warp's lanes.

#define FULL_WARP 32

__inline__ __device__ int warpReduceSum(int val) {
  for (int offset = FULL_WARP / 2; offset > 0; offset /= 2)
    val += __shfl_down(val, offset);  // expect: warp-legacy-intrinsic
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
