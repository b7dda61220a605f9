// RUN: %check_warpcheck %s warp-activemask-misuse

__global__ void pack_bits(const float *data, unsigned *output, int dataLen, float threshold) {
  int warpLane = threadIdx.x % 32;
  for (int i = warpLane; i < dataLen; i += 32) {
    unsigned active = __activemask();
    unsigned bits = __ballot_sync(active, data[i] > threshold);
// CHECK-MESSAGES: :[[@LINE-1]]:21: warning: '__ballot_sync' votes over the lanes of __activemask(){{.*}} [warp-activemask-misuse]
    if (warpLane == 0) output[i / 32] = bits;
  }
}

__global__ void snapshot_then_branch(const float *x, float *out, int n) {
  unsigned m = __activemask();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __shfl_sync(m, x[i], 0);
// CHECK-MESSAGES: :[[@LINE-1]]:14: warning: the mask of '__shfl_sync' is an __activemask() snapshot taken before a thread-dependent branch{{.*}} [warp-activemask-misuse]
}

__global__ void branch_on_snapshot(int *out) {
  if (__activemask() == 0xffffffff)
// CHECK-MESSAGES: :[[@LINE-1]]:7: warning: branch decided by __activemask(){{.*}} [warp-activemask-misuse]
    out[threadIdx.x] = 1;
}
