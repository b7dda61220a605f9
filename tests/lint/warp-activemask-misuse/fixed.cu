// RUN: %check_warpcheck %s warp-activemask-misuse

__global__ void pack_bits(const float *data, unsigned *output, int dataLen, float threshold) {
  int warpLane = threadIdx.x % 32;
  for (int i = warpLane; i - warpLane < dataLen; i += 32) {
    unsigned active = __ballot_sync(0xffffffff, i < dataLen);
    if (i < dataLen) {
      unsigned bits = __ballot_sync(active, data[i] > threshold);
      if (warpLane == 0) output[i / 32] = bits;
    }
  }
}
