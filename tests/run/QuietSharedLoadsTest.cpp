// Which shared-memory loads the SASS shows no store can race with
// (runtime/common/QuietSharedLoads.h), on kernels nvcc builds here: tiles
// read between barriers are quiet; loads in an interval with a store, a
// call, a named barrier or an asynchronous copy are not.
#include "instrument/PatchState.h"
#include "runtime/common/SassAccessIndex.h"
#include "tests/run/IndexedCubin.h"
#include <gtest/gtest.h>

using namespace warpcheck::run;
using namespace warpcheck::patch;
using warpcheck::run::test::IndexedCubin;

namespace {

const char *kSource = R"(
#include <cuda_pipeline.h>
// Tiles stored, a barrier, the tiles read, a barrier: the reads are quiet.
__global__ void tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float ta[32][33], tb[32][33];
  float acc = 0;
  for (int t = 0; t < n; t += 32) {
    ta[threadIdx.y][threadIdx.x] = a[threadIdx.y * n + t + threadIdx.x];
    tb[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * n + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < 32; ++k) acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
    __syncthreads();
  }
  c[threadIdx.y * n + threadIdx.x] = acc;
}
// A tree reduction: each step reads and writes between two barriers, and
// the loop's barrier also starts the interval of the read after the loop
// (its trip count is not known, so it is not unrolled).
__global__ void reduce(const int *in, int *out) {
  __shared__ int s[1024];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) {
    if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
    __syncthreads();
  }
  if (threadIdx.x == 0) *out = s[0];
}
// The loop's back edge carries the store into the next iteration's read:
// no barrier between them, so the read is not quiet.
__global__ void carried(int *out, int n) {
  __shared__ int s[256];
  s[threadIdx.x] = 0;
  int x = 0;
  for (int i = 0; i < n; ++i) {
    __syncthreads();
    x += s[(threadIdx.x + i) % 256];
    s[threadIdx.x] = x;
  }
  out[threadIdx.x] = x;
}
__device__ __noinline__ void put(int *s, int v) { s[threadIdx.x] = v; }
// A call may store: the read in its interval is not quiet.
__global__ void callee(int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = 1;
  __syncthreads();
  put(s, 2);
  out[threadIdx.x] = s[(threadIdx.x + 1) % 256];
}
// A named barrier (barrier 1 of 128 threads) between the store and the
// load: were it taken for __syncthreads(), the load's interval would hold
// no store. It is not the block's barrier: the load is not quiet.
__global__ void named(int *out) {
  __shared__ int s[128];
  s[threadIdx.x] = threadIdx.x;
  asm volatile("bar.sync 1, 128;" ::: "memory");
  out[threadIdx.x] = s[127 - threadIdx.x];
}
// cp.async writes when it completes, not in its interval.
__global__ void async(const int *in, int *out) {
  __shared__ int s[256];
  __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], 4);
  __pipeline_commit();
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % 256];
  __pipeline_wait_prior(0);
}
)";

IndexedCubin &built() {
  static IndexedCubin b = test::indexSource(kSource, "quiet");
  return b;
}

// The number of instructions of `fn` marked quiet.
int quiet(const std::string &fn) {
  const FunctionIndex &f = built().index.at(fn);
  int n = 0;
  for (uint32_t e : f.entries)
    if (e & kPcQuietSharedLoad) {
      ++n;
      EXPECT_EQ(e & kPcKnown, 0u) << "a global access marked as a quiet shared load";
    }
  return n;
}

#define NEEDS_TOOLS()                                                                                                 \
  if (built().error == test::kNeedsTools) GTEST_SKIP() << built().error;                                              \
  ASSERT_TRUE(built().error.empty()) << built().error

} // namespace

TEST(QuietSharedLoads, TilesReadBetweenBarriersAreQuiet) {
  NEEDS_TOOLS();
  EXPECT_GE(quiet("_Z5tiledPKfS0_Pfi"), 2);
}

TEST(QuietSharedLoads, ReadsBesideStoresAreNot) {
  NEEDS_TOOLS();
  EXPECT_EQ(quiet("_Z6reducePKiPi"), 0);
  EXPECT_EQ(quiet("_Z7carriedPii"), 0);
}

TEST(QuietSharedLoads, CallsNamedBarriersAndAsyncCopiesTurnItOff) {
  NEEDS_TOOLS();
  EXPECT_EQ(quiet("_Z6calleePi"), 0);
  EXPECT_EQ(quiet("_Z5namedPi"), 0);
  EXPECT_EQ(quiet("_Z5asyncPKiPi"), 0);
}
