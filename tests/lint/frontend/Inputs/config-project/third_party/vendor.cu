// Excluded by .warpcheck.yaml: never analysed, so this never fails to parse.
#error "third_party/ should not be analysed"
__global__ void vendor(int *p) {
  if (threadIdx.x) __syncthreads();
}
