// Beam-search step of a sequence decoder: every sentence has kBeam live
// hypotheses, one lane each, and the kernel finds per sentence the best
// extended hypothesis with a segmented argmax over kBeam lanes (shuffle
// width kBeam). Beam 4 -- the first configuration -- works; the beam-5
// instantiation added for translation passes 5 as the width, which is not a
// power of two: the segments no longer line up with the sentences and the
// result is undefined.

#define FULL_MASK 0xffffffffu

struct Best {
  float score;
  int index;
};

template <int kBeam>
__device__ __forceinline__ Best segmentArgmax(Best b) {
#pragma unroll
  for (int o = 1; o < kBeam; o <<= 1) {
    float s = __shfl_xor_sync(FULL_MASK, b.score, o, kBeam);  // expect: warp-shfl-width
    int i = __shfl_xor_sync(FULL_MASK, b.index, o, kBeam);    // expect: warp-shfl-width
    if (s > b.score || (s == b.score && i < b.index)) b = {s, i};
  }
  return b;
}

template <int kBeam>
__global__ void beamStep(const float *__restrict__ logProbs, const float *__restrict__ beamScores, int sentences,
                         int vocab, int *__restrict__ bestToken, float *__restrict__ bestScore) {
  constexpr int kPerWarp = 32 / kBeam;
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int sentence = warp * kPerWarp + lane / kBeam;
  const int beam = lane % kBeam;
  const bool valid = lane < kPerWarp * kBeam && sentence < sentences;

  Best b{-INFINITY, -1};
  if (valid) {
    const float *row = logProbs + ((size_t)sentence * kBeam + beam) * vocab;
    for (int t = 0; t < vocab; ++t)
      if (row[t] > b.score) b = {row[t], beam * vocab + t};
    b.score += beamScores[sentence * kBeam + beam];
  }
  b = segmentArgmax<kBeam>(b);
  if (valid && beam == 0) {
    bestToken[sentence] = b.index;
    bestScore[sentence] = b.score;
  }
}

template <int kBeam>
void launch(const float *lp, const float *bs, int sentences, int vocab, int *tok, float *sc, cudaStream_t st) {
  const int perWarp = 32 / kBeam, warpsPerBlock = 4;
  const int warps = (sentences + perWarp - 1) / perWarp;
  beamStep<kBeam><<<(warps + warpsPerBlock - 1) / warpsPerBlock, 32 * warpsPerBlock, 0, st>>>(lp, bs, sentences,
                                                                                              vocab, tok, sc);
}

void launchBeamStep(int beamSize, const float *lp, const float *bs, int sentences, int vocab, int *tok, float *sc,
                    cudaStream_t st) {
  if (beamSize == 4) launch<4>(lp, bs, sentences, vocab, tok, sc, st);
  else launch<5>(lp, bs, sentences, vocab, tok, sc, st);
}
