// Sparse tile classification for a block-sparse attention mask: a warp looks
// at one 32-element row segment of a tile and, if no element of the segment
// is set, flags the segment as empty so the next kernel skips it. The vote
// sits inside the bounds check and takes its mask from __activemask() to
// cope with the partial last segment. If the warp is split at the vote, a
// group of lanes whose elements are all zero flags the segment empty on its
// own, and the non-zero elements of the other lanes are silently dropped.

__global__ void classifySegments(const unsigned char *__restrict__ mask, int n, unsigned char *__restrict__ segEmpty) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  if (i < n) {
    const bool set = mask[i] != 0;
    const bool anySet = __any_sync(__activemask(), set); // expect: warp-activemask-misuse
    if (!anySet) {
      segEmpty[i / 32] = 1;
    } else if (lane == 0) {
      segEmpty[i / 32] = 0;
    }
  }
}
