// EmbeddingBag (sum mode) with an in-warp producer/consumer split: lanes
// 0..7 fetch the next batch of 8 indices into shared memory and collapse
// duplicates (the first occurrence gets the count, repeats get 0), lanes
// 8..31 accumulate the 24 embedding columns of the current batch. The
// producers read each other's indices after a __syncwarp over their own
// lanes only (mask 0xff, exactly the lanes under `if (lane < BATCH)`); the
// whole warp meets at a full-mask __syncwarp at the end of each step.

#define WARPS 4
#define BATCH 8
#define DIM 24

__global__ void embeddingBagSum(const int *__restrict__ idx, const float *__restrict__ table, int batches,
                                float *__restrict__ out) {
  __shared__ int ids[WARPS][2][BATCH];
  __shared__ int weight[WARPS][2][BATCH];
  const int lane = threadIdx.x & 31;
  const int warp = threadIdx.x >> 5;
  const int bag = blockIdx.x * WARPS + warp;
  const int *bagIdx = idx + (size_t)bag * batches * BATCH;

  if (lane < BATCH) {
    ids[warp][0][lane] = bagIdx[lane];
    __syncwarp(0x000000ffu);
    int count = 0, first = 1;
    for (int k = 0; k < BATCH; ++k) {
      count += ids[warp][0][k] == ids[warp][0][lane];
      if (k < lane && ids[warp][0][k] == ids[warp][0][lane]) first = 0;
    }
    weight[warp][0][lane] = first ? count : 0;
  }
  __syncwarp();

  float acc = 0.f;
  for (int b = 0; b < batches; ++b) {
    const int cur = b & 1;
    if (lane < BATCH) {
      if (b + 1 < batches) {
        const int *src = bagIdx + (b + 1) * BATCH;
        ids[warp][cur ^ 1][lane] = src[lane];
        __syncwarp(0x000000ffu);
        int count = 0, first = 1;
        for (int k = 0; k < BATCH; ++k) {
          count += ids[warp][cur ^ 1][k] == ids[warp][cur ^ 1][lane];
          if (k < lane && ids[warp][cur ^ 1][k] == ids[warp][cur ^ 1][lane]) first = 0;
        }
        weight[warp][cur ^ 1][lane] = first ? count : 0;
      }
    } else {
      const int c = lane - BATCH;
      for (int k = 0; k < BATCH; ++k)
        if (weight[warp][cur][k]) acc += weight[warp][cur][k] * table[(size_t)ids[warp][cur][k] * DIM + c];
    }
    __syncwarp();
  }
  if (lane >= BATCH) out[(size_t)bag * DIM + lane - BATCH] = acc;
}
