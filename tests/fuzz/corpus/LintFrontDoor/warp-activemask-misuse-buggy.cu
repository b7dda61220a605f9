
__global__ void pack_bits(const float *data, unsigned *output, int dataLen, float threshold) {
  int warpLane = threadIdx.x % 32;
  for (int i = warpLane; i < dataLen; i += 32) {
    unsigned active = __activemask();
    unsigned bits = __ballot_sync(active, data[i] > threshold);
    if (warpLane == 0) output[i / 32] = bits;
  }
}

__global__ void snapshot_then_branch(const float *x, float *out, int n) {
  unsigned m = __activemask();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __shfl_sync(m, x[i], 0);
}

__global__ void branch_on_snapshot(int *out) {
  if (__activemask() == 0xffffffff)
    out[threadIdx.x] = 1;
}
