// Beam-search step with kBeam hypotheses per sentence, one lane each, and
// a segmented argmax per sentence. Beam sizes that are not powers of two
// (5 for translation) are handled by padding every sentence's segment to
// the next power of two: segments of 8 lanes for beam 5, lanes beyond the
// beam hold -inf. The shuffle width is that padded segment, a constexpr
// that is 4 or 8 here.

#define FULL_MASK 0xffffffffu

constexpr int nextPow2(int v) {
  int p = 1;
  while (p < v) p <<= 1;
  return p;
}

struct Best {
  float score;
  int index;
};

template <int kSeg>
__device__ __forceinline__ Best segmentArgmax(Best b) {
  static_assert((kSeg & (kSeg - 1)) == 0 && kSeg <= 32, "segment must be a power of two");
#pragma unroll
  for (int o = 1; o < kSeg; o <<= 1) {
    float s = __shfl_xor_sync(FULL_MASK, b.score, o, kSeg);
    int i = __shfl_xor_sync(FULL_MASK, b.index, o, kSeg);
    if (s > b.score || (s == b.score && i < b.index)) b = {s, i};
  }
  return b;
}

template <int kBeam>
__global__ void beamStep(const float *__restrict__ logProbs, const float *__restrict__ beamScores, int sentences,
                         int vocab, int *__restrict__ bestToken, float *__restrict__ bestScore) {
  constexpr int kSeg = nextPow2(kBeam);
  constexpr int kPerWarp = 32 / kSeg;
  const int lane = threadIdx.x & 31;
  const int warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  const int sentence = warp * kPerWarp + lane / kSeg;
  const int beam = lane % kSeg;
  const bool valid = beam < kBeam && sentence < sentences;

  Best b{-INFINITY, -1};
  if (valid) {
    const float *row = logProbs + ((size_t)sentence * kBeam + beam) * vocab;
    for (int t = 0; t < vocab; ++t)
      if (row[t] > b.score) b = {row[t], beam * vocab + t};
    b.score += beamScores[sentence * kBeam + beam];
  }
  b = segmentArgmax<kSeg>(b);
  if (valid && beam == 0) {
    bestToken[sentence] = b.index;
    bestScore[sentence] = b.score;
  }
}

template <int kBeam>
void launch(const float *lp, const float *bs, int sentences, int vocab, int *tok, float *sc, cudaStream_t st) {
  const int perWarp = 32 / nextPow2(kBeam), warpsPerBlock = 4;
  const int warps = (sentences + perWarp - 1) / perWarp;
  beamStep<kBeam><<<(warps + warpsPerBlock - 1) / warpsPerBlock, 32 * warpsPerBlock, 0, st>>>(lp, bs, sentences,
                                                                                              vocab, tok, sc);
}

void launchBeamStep(int beamSize, const float *lp, const float *bs, int sentences, int vocab, int *tok, float *sc,
                    cudaStream_t st) {
  if (beamSize == 4) launch<4>(lp, bs, sentences, vocab, tok, sc, st);
  else launch<5>(lp, bs, sentences, vocab, tok, sc, st);
}
