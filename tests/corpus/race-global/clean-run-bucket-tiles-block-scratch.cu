// corpus-run:
// First pass of a radix-style bucketing of 32-bit keys by their top four
// bits. Blocks walk the tiles of kTile keys in a grid-stride loop. For each
// tile a block counts the keys per bucket in shared memory, scans the 16
// counts, scatters the keys into its own slice of a global scratch buffer
// (scratch + blockIdx.x * kTile) at the position a shared atomic hands out,
// and then copies the slice, now grouped by bucket, to the tile's place in
// the output with coalesced stores, together with the tile's 16 counts.
//
// Clean: the scratch buffer is split into per-block slices indexed by
// blockIdx.x, so no two blocks ever touch the same scratch word. Inside a
// block, each key goes to its own slot (distinct positions from the shared
// cursors); the __syncthreads() after the scatter orders those stores
// before other threads gather them, and the one at the end of the tile
// orders the gathers before the next tile's scatter reuses the slice.
// Output words and count words are each written by one thread.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                              \
  do {                                                                           \
    cudaError_t err_ = (call);                                                   \
    if (err_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d: %s\n", __FILE__, __LINE__,            \
              cudaGetErrorString(err_));                                         \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

constexpr int kTile = 256, kBuckets = 16, kTiles = 48, kBlocks = 12;
constexpr int kN = kTile * kTiles;

__global__ void bucket_tiles(const unsigned* keys, unsigned* scratch, unsigned* out,
                             unsigned* tile_counts, int tiles) {
  __shared__ unsigned count[kBuckets], cursor[kBuckets];
  const int tid = threadIdx.x;
  unsigned* slice = scratch + blockIdx.x * kTile;
  for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    if (tid < kBuckets) count[tid] = 0;
    __syncthreads();
    const unsigned key = keys[tile * kTile + tid];
    const unsigned bucket = key >> 28;
    atomicAdd(&count[bucket], 1u);
    __syncthreads();
    if (tid == 0) {
      unsigned run = 0;
      for (int b = 0; b < kBuckets; ++b) {
        cursor[b] = run;
        run += count[b];
      }
    }
    __syncthreads();
    slice[atomicAdd(&cursor[bucket], 1u)] = key;
    __syncthreads();
    out[tile * kTile + tid] = slice[tid];
    if (tid < kBuckets) tile_counts[tile * kBuckets + tid] = count[tid];
    __syncthreads();
  }
}

int main() {
  unsigned *keys, *scratch, *out, *tile_counts;
  CHECK(cudaMallocManaged(&keys, kN * sizeof(unsigned)));
  CHECK(cudaMalloc(&scratch, kBlocks * kTile * sizeof(unsigned)));
  CHECK(cudaMallocManaged(&out, kN * sizeof(unsigned)));
  CHECK(cudaMallocManaged(&tile_counts, kTiles * kBuckets * sizeof(unsigned)));
  for (int i = 0; i < kN; ++i) keys[i] = (unsigned)i * 2654435761u;
  bucket_tiles<<<kBlocks, kTile>>>(keys, scratch, out, tile_counts, kTiles);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  // Within a tile the keys of a bucket come in any order; the buckets are in
  // order and the counts are exact.
  int misplaced = 0;
  unsigned long long key_sum = 0;
  for (int t = 0; t < kTiles; ++t)
    for (int i = 0; i < kTile; ++i) {
      const unsigned k = out[t * kTile + i];
      key_sum += k;
      if (i > 0 && (out[t * kTile + i - 1] >> 28) > (k >> 28)) ++misplaced;
    }
  unsigned bucket0 = 0;
  for (int t = 0; t < kTiles; ++t) bucket0 += tile_counts[t * kBuckets];
  printf("bucket_tiles: %d keys, key sum %llu, %u in bucket 0, %d out of order\n", kN, key_sum,
         bucket0, misplaced);
  CHECK(cudaFree(keys));
  CHECK(cudaFree(scratch));
  CHECK(cudaFree(out));
  CHECK(cudaFree(tile_counts));
  return 0;
}
