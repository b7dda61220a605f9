// Warp inclusive scan of per-thread token counts (sizing the output of a
// tokenizer). In the Kogge-Stone step each lane reads the lane `d` below
// it, and the mask was set to "the lanes from 0 up to me" -- the lanes whose
// values end up in my prefix. Each lane passes a different, overlapping
// mask; the guide requires all lanes named in a mask to pass that same mask.

__global__ void tokenOffsets(const int *__restrict__ tokenCount, int *__restrict__ tokenOffset,
                             int *__restrict__ warpTotal, int numDocs) {
  const int doc = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = threadIdx.x & 31;
  const unsigned mine = lane == 31 ? 0xffffffffu : (2u << lane) - 1;
  int v = doc < numDocs ? tokenCount[doc] : 0;
  const int own = v;
#pragma unroll
  for (int d = 1; d < 32; d <<= 1) {
    const int up = __shfl_up_sync(mine, v, d); // expect: warp-mask-nonuniform
    if (lane >= d) v += up;
  }
  if (doc < numDocs) tokenOffset[doc] = v - own;
  if (lane == 31) warpTotal[doc >> 5] = v;
}
