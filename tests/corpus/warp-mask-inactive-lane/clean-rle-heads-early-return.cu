// Run-length encoding, first pass: flag the head of every run of equal keys
// and count the heads per warp. Threads past the end return at once; the
// guide lets a full mask name lanes that have exited ("exited threads are
// ignored"), and every lane still running calls each shuffle and ballot.
// The left neighbour of lane l is lane l-1 with a smaller index, so it is
// never one of the exited lanes.

#define FULL 0xffffffffu

__global__ void markRunHeads(const int *__restrict__ keys, int n, unsigned char *__restrict__ isHead,
                             int *__restrict__ warpHeads) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int lane = threadIdx.x & 31;

  const int key = keys[i];
  const int left = __shfl_up_sync(FULL, key, 1);
  int prev = left;
  if (lane == 0) prev = i > 0 ? keys[i - 1] : ~key;
  const bool head = prev != key;
  isHead[i] = head;

  const unsigned heads = __ballot_sync(FULL, head);
  if (lane == 0) warpHeads[i / 32] = __popc(heads);
}
