// Included by no source here.
__global__ void lonely(Missing m) {
  if (threadIdx.x < m.n) __syncthreads();
}
