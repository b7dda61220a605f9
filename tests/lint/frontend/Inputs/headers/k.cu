typedef unsigned Count;
#include "inc/bar.cuh"

__global__ void k(Count n) {
  bar(n);
  if (threadIdx.x == 0) __syncthreads();
}
