// Not self-contained: Count comes from the source that includes it, so as a
// TU of its own this header would not parse.
__device__ void bar(Count n) {
  if (threadIdx.x < n) __syncthreads();
}
