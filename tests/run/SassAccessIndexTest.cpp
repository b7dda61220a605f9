// The SASS facts the global-memory detector needs: fences between global
// accesses (per pair of accesses, so that a fence before a loop counts on
// its first iteration), strong accesses and their scope; and the cubin's
// __device__ variables. On cubins nvcc builds here.
#include "instrument/PatchState.h"
#include "runtime/common/CubinSymbols.h"
#include "runtime/common/SassAccessIndex.h"
#include "tests/run/IndexedCubin.h"
#include <gtest/gtest.h>

using namespace warpcheck::run;
using namespace warpcheck::patch;
using warpcheck::run::test::IndexedCubin;

namespace {

const char *kSource = R"(
__device__ unsigned counter;
__global__ void publish(int *data, int *flag, int n) {
  for (int i = 0; i < n; ++i) data[i] = i;
  __threadfence();
  atomicExch(flag, 1);
}
__global__ void consume(const int *data, int *flag, int *out, int n) {
  while (*(volatile int *)flag == 0) {
  }
  __threadfence();
  int s = 0;
  for (int i = 0; i < n; ++i) s += data[i];
  *out = s;
}
__global__ void narrow(int *data, int *flag) {
  data[threadIdx.x] = 1;
  __threadfence_block();
  atomicAdd_block(flag, 1);
  atomicInc(&counter, 10u);
}
__global__ void acquireThenBarrier(int *flag, const int *data, int *out) {
  if (threadIdx.x == 0) {
    while (*(volatile int *)flag == 0) {
    }
    __threadfence();
  }
  __syncthreads();
  out[threadIdx.x] = data[threadIdx.x];
}
__global__ void namedHandOff(int *out) {
  __shared__ int s[64];
  if (threadIdx.x < 64) {
    s[threadIdx.x] = 1;
    asm volatile("bar.arrive 1, 128;" ::: "memory");
  } else {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    out[threadIdx.x] = s[threadIdx.x - 64];
  }
}
__global__ void arriveFirst(int *out) {
  if (threadIdx.x < 64) {
    asm volatile("bar.arrive 1, 128;" ::: "memory");
  } else {
    asm volatile("bar.sync 1, 128;" ::: "memory");
    out[threadIdx.x] = 1;
  }
}
)";

// A kernel calling device-side malloc() and free(), and one calling
// __nv_aligned_device_malloc(): each imports its allocator from the driver.
const char *kHeapSource = R"(
__global__ void heap(int **out) {
  int *p = (int *)malloc(64);
  out[threadIdx.x] = p;
  free(p);
}
)";
const char *kAlignedHeapSource = R"(
__global__ void aligned(int **out) { out[0] = (int *)__nv_aligned_device_malloc(256, 128); }
)";

using test::compileCubin;

IndexedCubin &built() {
  static IndexedCubin b = test::indexSource(kSource, "k");
  return b;
}

// The PcInfo bits of the global accesses of a function, in code order.
std::vector<uint32_t> accesses(const FunctionIndex &f) {
  std::vector<uint32_t> out;
  for (uint32_t e : f.entries)
    if (e & kPcKnown) out.push_back(e);
  return out;
}

} // namespace

TEST(SassAccessIndex, PublicationAfterAFenceIsFenced) {
  IndexedCubin &b = built();
  if (!b.error.empty() && b.cubin.empty()) GTEST_SKIP() << b.error;
  ASSERT_TRUE(b.error.empty()) << b.error;
  ASSERT_TRUE(b.index.count("_Z7publishPiS_i"));
  auto acc = accesses(b.index.at("_Z7publishPiS_i"));
  ASSERT_FALSE(acc.empty());
  uint32_t exch = acc.back(); // the atomicExch is the last access
  EXPECT_TRUE(exch & kPcStrong);
  EXPECT_TRUE(exch & kPcFenceDevice);
  EXPECT_FALSE(exch & kPcBlockScope);
  // The stores of the data: no fence before them.
  EXPECT_FALSE(acc.front() & kPcFenceDevice);
}

TEST(SassAccessIndex, FenceBeforeALoopCountsFromTheAccessBeforeIt) {
  IndexedCubin &b = built();
  if (!b.error.empty() && b.cubin.empty()) GTEST_SKIP() << b.error;
  const FunctionIndex &f = b.index.at("_Z7consumePKiPiS1_i");
  auto acc = accesses(f);
  ASSERT_GE(acc.size(), 3u);
  EXPECT_TRUE(acc.front() & kPcStrong); // the volatile poll
  // Some data load is reached from the poll through the fence: either all
  // its paths have the fence, or an edge from the poll says so.
  size_t poll = 0;
  for (size_t i = 0; i < f.entries.size(); ++i)
    if (f.entries[i] & kPcKnown) {
      poll = i;
      break;
    }
  bool fencedFromPoll = false;
  for (size_t i = poll + 1; i < f.entries.size(); ++i) {
    uint32_t e = f.entries[i];
    if (!(e & kPcKnown) || (e & kPcStrong)) continue;
    if (e & kPcFenceDevice) fencedFromPoll = true;
    uint32_t count = (e >> 8) & 0xf, first = e >> 12;
    for (uint32_t k = 0; k < count; ++k)
      if ((f.edges[first + k] >> 8) == poll && (f.edges[first + k] & kPcFenceDevice)) fencedFromPoll = true;
  }
  EXPECT_TRUE(fencedFromPoll);
}

TEST(SassAccessIndex, BlockScopeAtomicsAndFencesAreMarked) {
  IndexedCubin &b = built();
  if (!b.error.empty() && b.cubin.empty()) GTEST_SKIP() << b.error;
  auto acc = accesses(b.index.at("_Z6narrowPiS_"));
  ASSERT_GE(acc.size(), 3u);
  bool blockAtomicAfterBlockFence = false, deviceAtomic = false;
  for (uint32_t e : acc) {
    if ((e & kPcBlockScope) && (e & kPcFenceBlock) && !(e & kPcFenceDevice)) blockAtomicAfterBlockFence = true;
    if ((e & kPcStrong) && !(e & kPcBlockScope)) deviceAtomic = true;
  }
  EXPECT_TRUE(blockAtomicAfterBlockFence);
  EXPECT_TRUE(deviceAtomic);
}

TEST(SassAccessIndex, BarriersKnowTheFencesBeforeThem) {
  // Thread 0 polls the flag and fences; the block then reads the data after
  // __syncthreads(). The barrier's entry must carry the fence on the path
  // from the poll (but not from the entry: the other threads skip it), and
  // no kPcKnown: a barrier is not an access.
  IndexedCubin &b = built();
  if (!b.error.empty()) GTEST_SKIP() << b.error;
  auto it = b.index.find("_Z18acquireThenBarrierPiPKiS_");
  ASSERT_NE(it, b.index.end());
  const FunctionIndex &f = it->second;
  int barriers = 0;
  for (uint32_t e : f.entries) {
    if (e == 0 || (e & kPcKnown)) continue;
    ++barriers;
    uint32_t count = (e >> 8) & 0xf, first = e >> 12;
    EXPECT_EQ(e & kPcFenceDevice, 0u) << "not fenced on the path from the entry";
    bool fencedFromPoll = false;
    for (uint32_t k = 0; k < count; ++k) {
      uint32_t edge = f.edges[first + k];
      if ((edge >> 8) != kFromEntry && (edge & kPcFenceDevice)) fencedFromPoll = true;
    }
    EXPECT_TRUE(fencedFromPoll);
  }
  EXPECT_EQ(barriers, 1);
}

TEST(SassAccessIndex, ArrivalsRideOnTheInstructionBeforeThem) {
  // bar.arrive (BAR.ARV) has no callback: the shared store right before it
  // carries the arrival (barrier 1, 128 threads); its waiting barriers know
  // every arrival, so none is marked unattributed.
  IndexedCubin &b = built();
  if (!b.error.empty()) GTEST_SKIP() << b.error;
  const FunctionIndex &f = b.index.at("_Z12namedHandOffPi");
  int carriers = 0;
  for (uint32_t w : f.arrivals)
    if (w) {
      ++carriers;
      EXPECT_EQ(w, kArriveAfter | 1u << 16 | 128u);
    }
  EXPECT_EQ(carriers, 1);
  for (uint32_t e : f.entries) EXPECT_EQ(e & kPcUnattributedArrive, 0u);
  EXPECT_TRUE(b.index.at("_Z18acquireThenBarrierPiPKiS_").arrivals.empty());
}

TEST(SassAccessIndex, AnArrivalWithoutCarrierMarksTheWaitingBarriers) {
  // The arrive opens its branch: no instruction before it in its block has
  // a callback. The bar.sync of the other branch must then acquire
  // conservatively (kPcUnattributedArrive).
  IndexedCubin &b = built();
  if (!b.error.empty()) GTEST_SKIP() << b.error;
  const FunctionIndex &f = b.index.at("_Z11arriveFirstPi");
  int marked = 0;
  for (uint32_t e : f.entries)
    if (e & kPcUnattributedArrive) ++marked;
  EXPECT_GE(marked, 1);
  for (uint32_t w : f.arrivals) EXPECT_EQ(w, 0u);
}

TEST(CubinSymbols, FindsDeviceVariablesAndFunctions) {
  IndexedCubin &b = built();
  if (b.image.empty()) GTEST_SKIP() << b.error;
  auto vars = deviceVariables(b.image.data(), b.image.size());
  ASSERT_EQ(vars.size(), 1u);
  EXPECT_EQ(vars[0], "counter");
  EXPECT_GE(functionSymbolIndex(b.image.data(), b.image.size(), "_Z6narrowPiS_"), 0);
  EXPECT_EQ(functionSymbolIndex(b.image.data(), b.image.size(), "_Z7missingv"), -1);
  EXPECT_TRUE(deviceVariables("not an elf", 10).empty());
}

TEST(CubinSymbols, TellsWhichCubinsCallDeviceMalloc) {
  std::string error;
  std::string heap = compileCubin(kHeapSource, "heap", error);
  if (heap.empty()) GTEST_SKIP() << error;
  std::string aligned = compileCubin(kAlignedHeapSource, "aligned", error);
  ASSERT_FALSE(aligned.empty()) << error;
  EXPECT_TRUE(callsDeviceMalloc(heap.data(), heap.size()));
  EXPECT_TRUE(callsDeviceMalloc(aligned.data(), aligned.size()));
  IndexedCubin &b = built();
  ASSERT_FALSE(b.image.empty()) << b.error;
  EXPECT_FALSE(callsDeviceMalloc(b.image.data(), b.image.size()));
  EXPECT_FALSE(callsDeviceMalloc("not an elf", 10));
}

TEST(SassAccessIndex, OneFunctionAlone) {
  IndexedCubin &b = built();
  if (b.image.empty()) GTEST_SKIP() << b.error;
  long fn = functionSymbolIndex(b.image.data(), b.image.size(), "_Z6narrowPiS_");
  SassAccessIndex one;
  std::string error;
  ASSERT_TRUE(indexCubin(WARPCHECK_TEST_NVDISASM, b.cubin, one, error, fn)) << error;
  EXPECT_EQ(one.size(), 1u);
  EXPECT_TRUE(one.count("_Z6narrowPiS_"));
}

TEST(SassAccessIndex, AFailingDisassemblerSaysWhy) {
  // A stand-in nvdisasm that fails the way a real one does on a cubin it
  // cannot read: the reason must reach the warning users see.
  std::string dir = "/tmp/warpcheck-sass-fail-" + std::to_string(getpid());
  std::system(("mkdir -p " + dir).c_str());
  std::string fake = dir + "/nvdisasm";
  std::ofstream(fake) << "#!/bin/sh\necho 'nvdisasm fatal   : Could not open input file' >&2\nexit 1\n";
  std::system(("chmod +x " + fake).c_str());
  SassAccessIndex index;
  std::string error;
  EXPECT_FALSE(indexCubin(fake, dir + "/missing.cubin", index, error));
  EXPECT_NE(error.find("-bbcfg failed on " + dir + "/missing.cubin: nvdisasm fatal   : Could not open input file"),
            std::string::npos)
      << error;
  std::system(("rm -rf " + dir).c_str());
}
