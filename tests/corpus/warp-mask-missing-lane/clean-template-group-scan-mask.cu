// Segmented inclusive scan over groups of G lanes (prefix sums of per-row
// counts in a blocked-ELL format). The group mask is the low G bits shifted
// to the group's first lane, with the whole warp for G == 32: every lane
// that calls is in the mask it passes, and the groups' masks are disjoint.

template <int G>
__device__ __forceinline__ int groupInclusiveScan(int v, int lane) {
  static_assert(G > 0 && G <= 32 && (G & (G - 1)) == 0, "G must be a power of two up to 32");
  const unsigned groupMask = G == 32 ? 0xffffffffu : ((1u << (G % 32)) - 1) << (lane & ~(G - 1));
  const int r = lane % G;
#pragma unroll
  for (int d = 1; d < G; d <<= 1) {
    const int up = __shfl_up_sync(groupMask, v, d, G);
    if (r >= d) v += up;
  }
  return v;
}

template <int G>
__global__ void rowOffsets(const int *__restrict__ rowCounts, int *__restrict__ rowStart, int rows) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  const int c = i < rows ? rowCounts[i] : 0;
  const int inc = groupInclusiveScan<G>(c, lane);
  if (i < rows) rowStart[i] = inc - c;
}

template __global__ void rowOffsets<4>(const int *, int *, int);
template __global__ void rowOffsets<16>(const int *, int *, int);
template __global__ void rowOffsets<32>(const int *, int *, int);
