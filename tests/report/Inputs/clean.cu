// No rule should fire here: the barrier is reached by every thread.
__global__ void scale(float *x, float a, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (i < n) x[i] = a * tile[threadIdx.x];
}
