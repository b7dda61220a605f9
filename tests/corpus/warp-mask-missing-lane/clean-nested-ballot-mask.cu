// Row L1 norms and non-zero counts of an ELL matrix with 16 slots per row,
// one row per half-warp (two rows per warp). Inside each half, the lanes holding a
// non-zero entry are found with a ballot over the half's own mask, and only
// those lanes -- `if (nz)`, the ballot's predicate -- reduce their
// magnitudes with __reduce_add_sync over that ballot.
// corpus-args: --cuda-arch sm_80

#define ROW_LEN 16

__global__ void ellRowL1(const int *__restrict__ ellCols, const int *__restrict__ ellVals, int rows,
                         unsigned *__restrict__ rowL1, unsigned char *__restrict__ rowNnz) {
  const int lane = threadIdx.x & 31;
  const int half = lane >> 4;
  const int row = ((blockIdx.x * blockDim.x + threadIdx.x) >> 5) * 2 + half;
  const unsigned halfMask = half ? 0xffff0000u : 0x0000ffffu;
  if (row >= rows) return;

  const int k = lane & (ROW_LEN - 1);
  const int col = ellCols[row * ROW_LEN + k];
  const bool nz = col >= 0;
  const unsigned nzMask = __ballot_sync(halfMask, nz);
  if (nz) {
    const int v = ellVals[row * ROW_LEN + k];
    const unsigned l1 = __reduce_add_sync(nzMask, (unsigned)abs(v));
    if (lane == __ffs(nzMask) - 1) {
      rowL1[row] = l1;
      rowNnz[row] = (unsigned char)__popc(nzMask);
    }
  } else if (nzMask == 0 && k == 0) {
    rowL1[row] = 0;
    rowNnz[row] = 0;
  }
}
