// Warp-level de-duplication before inserting keys into a global hash set
// (e.g. the visited set of a BFS, or unique n-gram ids): every lane stages
// its key in the warp's shared slice, the warp votes on which lanes hold a
// key, and each lane then drops its key if a lower lane holds the same
// one. The vote is treated as the point where "everyone has written" --
// but __ballot_sync orders no memory (the guide: these intrinsics do not
// imply a memory barrier), so a lane may read a neighbour's slot before
// the neighbour's store. A __syncwarp() between the store and the loads is
// required.

#define WARPS 8
#define EMPTY_KEY 0xffffffffu

__device__ bool insertKey(unsigned *table, unsigned capacity, unsigned key) {
  unsigned h = (key * 2654435761u) & (capacity - 1);
  for (unsigned probe = 0; probe < capacity; ++probe, h = (h + 1) & (capacity - 1)) {
    unsigned prev = atomicCAS(&table[h], EMPTY_KEY, key);
    if (prev == EMPTY_KEY) return true;
    if (prev == key) return false;
  }
  return false;
}

__global__ void insertUnique(const unsigned *__restrict__ keys, int n, unsigned *__restrict__ table,
                             unsigned capacity, int *__restrict__ inserted) {
  __shared__ unsigned staged[WARPS][32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const bool valid = i < n;
  const unsigned key = valid ? keys[i] : EMPTY_KEY;

  staged[warp][lane] = key;
  const unsigned holders = __ballot_sync(0xffffffffu, valid);

  bool duplicate = false;
  for (int j = 0; j < 32; ++j)
    if (j < lane && ((holders >> j) & 1u) && staged[warp][j] == key) duplicate = true;  // expect: warp-implicit-synchronous

  if (valid && !duplicate && insertKey(table, capacity, key)) atomicAdd(inserted, 1);
}
