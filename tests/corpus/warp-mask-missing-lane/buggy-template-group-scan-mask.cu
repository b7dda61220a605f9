// Segmented inclusive scan over fixed-size groups of G lanes (G a template
// parameter chosen from the segment length), e.g. prefix sums of per-row
// counts in a blocked-ELL format. The group mask is computed as the low G
// bits and never shifted to the group's position, so every group but the
// first calls __shfl_up_sync with a mask that leaves its own lanes out.

template <int G>
__device__ __forceinline__ int groupInclusiveScan(int v, int lane) {
  static_assert(G > 0 && G < 32 && (G & (G - 1)) == 0, "G must be a power of two below 32");
  const unsigned groupMask = (1u << G) - 1;
  const int r = lane % G;
#pragma unroll
  for (int d = 1; d < G; d <<= 1) {
    const int up = __shfl_up_sync(groupMask, v, d, G); // expect: warp-mask-missing-lane
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
