// Sub-warp argmax over groups of G lanes (G = the number of candidates per
// query in a re-ranking stage). The group's mask is meant to be the low G
// bits shifted to the group's first lane, `lane & ~(G - 1)`; it was written
// `lane & (G - 1)`, the lane's rank *inside* the group. Lanes of one group
// pass different masks that overlap, and lanes fall outside their own mask.

template <int G>
__device__ __forceinline__ void groupArgmax(float &score, int &idx) {
  const unsigned lane = threadIdx.x & 31;
  const unsigned mask = ((1u << G) - 1) << (lane & (G - 1));
#pragma unroll
  for (int o = G / 2; o > 0; o >>= 1) {
    const float s = __shfl_xor_sync(mask, score, o, G); // expect: warp-mask-nonuniform, warp-mask-missing-lane
    const int j = __shfl_xor_sync(mask, idx, o, G);     // expect: warp-mask-nonuniform, warp-mask-missing-lane
    if (s > score || (s == score && j < idx)) { score = s; idx = j; }
  }
}

template <int G>
__global__ void rerankTop1(const float *__restrict__ scores, const int *__restrict__ candIds, int queries,
                           int *__restrict__ best) {
  const unsigned lane = threadIdx.x & 31;
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int q = gid / G;
  float s = q < queries ? scores[gid] : -1e30f;
  int id = q < queries ? candIds[gid] : 0x7fffffff;
  groupArgmax<G>(s, id);
  if (q < queries && lane % G == 0) best[q] = id;
}

template __global__ void rerankTop1<8>(const float *, const int *, int, int *);
