// Unit tests of the uniformity analysis: each test parses a small CUDA TU
// in a device pass and asks the analysis about the arguments of calls to
// `sink(...)`, in source order.
#include "analyzer/uniformity/FunctionUniformity.h"
#include "analyzer/uniformity/LaneModel.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "tests/unit/ParsedCuda.h"
#include <gtest/gtest.h>

using namespace warpcheck;
using namespace clang;

namespace {

class Analysed {
public:
  explicit Analysed(const std::string &body) {
    ParsedCuda parsed("__device__ void sink(...);\n" + body, "/tmp/warpcheck-uniformity-test.cu");
    skip = parsed.skip;
    failure = parsed.failure;
    unit = std::move(parsed.unit);
    if (!skip.empty() || !failure.empty()) return;
    program = std::make_unique<ProgramUniformity>(unit->getASTContext(), AnalysisOptions{});
    struct Finder : RecursiveASTVisitor<Finder> {
      std::vector<const CallExpr *> calls;
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitCallExpr(CallExpr *c) {
        if (const FunctionDecl *fd = c->getDirectCallee(); fd && fd->getName() == "sink") calls.push_back(c);
        return true;
      }
    } finder;
    finder.TraverseAST(unit->getASTContext());
    sinks = finder.calls;
  }

  // The level of argument `arg` of the i-th call to sink().
  Divergence level(size_t i, unsigned arg = 0) {
    const CallExpr *c = sinks.at(i);
    const FunctionUniformity *fu = program->function(program->enclosingFunction(c));
    EXPECT_NE(fu, nullptr);
    return fu ? fu->valueOf(c->getArg(arg)).level : Divergence::Thread;
  }
  uint64_t params(size_t i) {
    const CallExpr *c = sinks.at(i);
    return program->function(program->enclosingFunction(c))->valueOf(c->getArg(0)).params;
  }
  Divergence control(size_t i) {
    const CallExpr *c = sinks.at(i);
    return program->function(program->enclosingFunction(c))->controlDivergence(c).level;
  }

  std::string skip, failure;
  std::unique_ptr<ASTUnit> unit;
  std::unique_ptr<ProgramUniformity> program;
  std::vector<const CallExpr *> sinks;
};

#define PARSE_ANALYSED(var, code) PARSE_AS(Analysed, var, code)

constexpr Divergence U = Divergence::Uniform, W = Divergence::Warp, T = Divergence::Thread;

TEST(Uniformity, BuiltinSources) {
  PARSE_ANALYSED(a, R"(__global__ void k(int *p, int n) {
    sink(threadIdx.x); sink(threadIdx.y); sink(blockIdx.x); sink(blockDim.x * gridDim.x); sink(n);
    sink(warpSize); sink(p[blockIdx.x]); sink(p[threadIdx.x]); sink(atomicAdd(p, 1));
    sink(__syncthreads_count(threadIdx.x > 3)); sink(__activemask()); sink(clock64());
  })");
  std::vector<Divergence> want{T, W, U, U, U, U, U, T, T, U, T, T};
  ASSERT_EQ(a.sinks.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(a.level(i), want[i]) << "sink #" << i;
}

TEST(Uniformity, WarpLevel) {
  PARSE_ANALYSED(a, R"(__global__ void k(int *p) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    sink(threadIdx.x / 32); sink(threadIdx.x >> 5); sink(gid / 64); sink(threadIdx.x & ~31u);
    sink((threadIdx.x + 1) / 32); sink(threadIdx.x % 32); sink(threadIdx.x / 16);
    sink(__ballot_sync(0xffffffff, p[threadIdx.x] > 0)); sink(__shfl_sync(0xffffffff, p[threadIdx.x], 0));
    sink(__shfl_sync(0xffffffff, p[threadIdx.x], threadIdx.x ^ 1));
    sink(p[threadIdx.x / 32]);
    sink(__shfl_sync(0xffffffff, 7, 3)); sink(__shfl_xor_sync(0xffffffff, blockIdx.x, 1));
    sink(__shfl_sync(0xffffffff, p[threadIdx.x], threadIdx.x / 32));
    sink(__shfl_xor_sync(0xffffffff, threadIdx.x / 32, 1));
  })");
  std::vector<Divergence> want{W, W, W, W, T, T, T, W, W, T, W, U, U, W, T};
  ASSERT_EQ(a.sinks.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_EQ(a.level(i), want[i]) << "sink #" << i;
}

TEST(Uniformity, SyncDependenceAtJoins) {
  PARSE_ANALYSED(a, R"(__global__ void k(int *p, int n) {
    int x = 0;
    if (threadIdx.x < 5) x = 1;
    sink(x);                        // differs per thread after the join
    int y = 0;
    if (blockIdx.x < 5) y = 1;
    sink(y);                        // uniform branch
    int k = 0;
    while (k < p[threadIdx.x]) ++k;
    sink(k);                        // temporal divergence: exit differs
    if (threadIdx.x < n) {
      for (int o = 16; o > 0; o >>= 1) sink(o); // defined and used inside
    }
    int z = 3;
    if (threadIdx.x < 5) z = 3;
    z = 7;
    sink(z);                        // the divergent definition is dead
  })");
  EXPECT_EQ(a.level(0), T);
  EXPECT_EQ(a.level(1), U);
  EXPECT_EQ(a.level(2), T);
  EXPECT_EQ(a.level(3), U);
  EXPECT_EQ(a.level(4), U);
}

TEST(Uniformity, ThroughMemoryOfLocals) {
  PARSE_ANALYSED(a, R"(struct S { int a, b; };
  __global__ void k(int *p) {
    S s; s.a = 1; s.b = threadIdx.x;
    sink(s.a);                      // objects are weakly updated: the struct is divergent
    int arr[4] = {0, 0, 0, 0};
    sink(arr[1]);
    arr[2] = threadIdx.x;
    sink(arr[0]);
    int v = 0;
    int &r = v;
    r = threadIdx.x;
    sink(v);
    int w = 0;
    int *q = &w;
    *q = threadIdx.x;
    sink(w);
    __shared__ int sh;
    if (threadIdx.x == 0) sh = p[0];
    sink(sh);                       // shared scalar at a uniform address
  })");
  EXPECT_EQ(a.level(0), T);
  EXPECT_EQ(a.level(1), T); // flow-insensitive for arrays: the later store counts
  EXPECT_EQ(a.level(2), T);
  EXPECT_EQ(a.level(3), T);
  EXPECT_EQ(a.level(4), T);
  EXPECT_EQ(a.level(5), U);
}

TEST(Uniformity, Interprocedural) {
  PARSE_ANALYSED(a, R"(__device__ int twice(int x) { return 2 * x; }
  __device__ int lane() { return threadIdx.x & 31; }
  __device__ void get(int &out) { out = threadIdx.x; }
  __device__ void helper(int v) { sink(v); }
  __global__ void k(int n) {
    sink(twice(n)); sink(twice(threadIdx.x)); sink(lane());
    int o = 0; get(o); sink(o);
    helper(n);
  })");
  // In helper, v is expressed over its parameter 0.
  EXPECT_EQ(a.level(0), U);
  EXPECT_EQ(a.params(0), 1u);
  EXPECT_EQ(a.level(1), U);
  EXPECT_EQ(a.level(2), T);
  EXPECT_EQ(a.level(3), T);
  EXPECT_EQ(a.level(4), T);
}

TEST(Uniformity, FullWarpVotesOfLaneValuesAreBlockUniform) {
  PARSE_ANALYSED(a, R"(__global__ void k(const int *in) {
    __shared__ int buf[32];
    int lane = threadIdx.x % 32;
    int a = buf[lane];
    sink(a); sink(__all_sync(0xffffffff, a)); sink(__any_sync(0xffffffff, lane < 16));
    sink(__all_sync(0x0000ffff, a));               // not the full warp
    sink(__all_sync(0xffffffff, in[threadIdx.x])); // differs per warp
    sink(__reduce_add_sync(0xffffffff, buf[threadIdx.x & 31]));
  })");
  EXPECT_EQ(a.level(0), T);
  EXPECT_EQ(a.level(1), U);
  EXPECT_EQ(a.level(2), U);
  EXPECT_EQ(a.level(3), W);
  EXPECT_EQ(a.level(4), W);
  EXPECT_EQ(a.level(5), U);
}

TEST(Uniformity, ThreadOffsetsCancelInComparisons) {
  PARSE_ANALYSED(a, R"(__global__ void k(int base, int end, int C) {
    const int tid = threadIdx.x;
    for (int t = base + tid; t < end + tid; t += C) sink(t < end + tid);
    for (int t = base + tid; t < end; t += C) sink(t < end);
    sink(tid + 1 < tid + C);
    sink(tid + 1 < threadIdx.x * 2);
  })");
  EXPECT_EQ(a.level(0), U);
  EXPECT_EQ(a.level(1), T);
  EXPECT_EQ(a.level(2), U);
  EXPECT_EQ(a.level(3), T);
}

TEST(Uniformity, VotesThroughWrappersFollowTheArgument) {
  PARSE_ANALYSED(a, R"(__device__ int all_of(int x) { return __all_sync(0xffffffff, x); }
  __device__ int all_twice(int x) { return all_of(x); }
  __global__ void k(const int *in) {
    __shared__ int buf[32];
    sink(all_of(buf[threadIdx.x % 32])); sink(all_of(in[threadIdx.x])); sink(all_twice(buf[threadIdx.x & 31]));
    sink(all_twice(in[threadIdx.x])); sink(all_of(blockIdx.x));
  })");
  EXPECT_EQ(a.level(0), U);
  EXPECT_EQ(a.level(1), W);
  EXPECT_EQ(a.level(2), U);
  EXPECT_EQ(a.level(3), W);
  EXPECT_EQ(a.level(4), U);
}

TEST(Uniformity, ConstantBranchesAreFolded) {
  PARSE_ANALYSED(a, R"(constexpr __device__ int phys() { return 32; }
  template <int width> __device__ int all_w(int x) {
    if (width == phys()) return __all_sync(0xffffffff, x);
    for (int o = width / 2; o > 0; o >>= 1) x = __shfl_xor_sync(0xffffffff, x, o, width) && x;
    return x;
  }
  __global__ void k(int *p) { sink(all_w<32>(p[threadIdx.x])); sink(all_w<16>(p[threadIdx.x])); })");
  EXPECT_EQ(a.level(0), W);
  EXPECT_EQ(a.level(1), T);
}

TEST(Uniformity, ControlDivergenceIgnoresEarlyExit) {
  PARSE_ANALYSED(a, R"(__global__ void k(int *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    sink(0);                        // after an early exit: uniform control
    if (i < n + 1) { sink(1); }     // falls off the end: divergent
  }
  __device__ void f(int i, int n) {
    if (i >= n) return;             // returns to the caller: not an exit
    sink(2);
  })");
  EXPECT_EQ(a.control(0), U);
  EXPECT_EQ(a.control(1), T);
  const CallExpr *c = a.sinks.at(2);
  Uniformity u = a.program->function(a.program->enclosingFunction(c))->controlDivergence(c);
  EXPECT_EQ(u.params, 3u); // depends on both parameters
}

TEST(LaneModel, EvaluatesGuardsPerLane) {
  PARSE_ANALYSED(a, R"(__global__ void k(int *p, int n) {
    int lane = threadIdx.x % 32;
    if (lane < 16) sink(0);
    if (threadIdx.x < 40) sink(1);
    if (threadIdx.x / 32 == n) sink(2);
    if (p[threadIdx.x] > 0) sink(3);
  })");
  auto reach = [&](size_t i) {
    const CallExpr *c = a.sinks.at(i);
    const FunctionUniformity *fu = a.program->function(a.program->enclosingFunction(c));
    return LaneModel(*fu, 32).reachOf(c);
  };
  LaneFacts r0 = reach(0);
  EXPECT_EQ(r0.reach[0][15], Reach::Yes);
  EXPECT_EQ(r0.reach[3][16], Reach::No);
  LaneFacts r1 = reach(1);
  EXPECT_EQ(r1.reach[1][7], Reach::Yes);
  EXPECT_EQ(r1.reach[1][8], Reach::No);
  EXPECT_EQ(r1.reach[2][0], Reach::No);
  LaneFacts r2 = reach(2); // warp-uniform unknown: the whole warp together
  EXPECT_EQ(r2.reach[5][0], Reach::Yes);
  LaneFacts r3 = reach(3); // data-dependent: any lane may or may not
  EXPECT_EQ(r3.reach[0][0], Reach::Maybe);
  ASSERT_NE(r3.blocker(0, 0), nullptr);
}

// An expression is evaluated once for the whole block (ThreadValues), with
// the per-thread semantics: each thread takes its side of a conditional,
// short circuits decide with one known side, casts wrap, block-uniform
// values stay one value.
TEST(LaneModel, EvaluatesEveryThreadAtOnce) {
  PARSE_ANALYSED(a, R"(__global__ void k(int *p, int n) {
    unsigned t = threadIdx.x;
    sink((t & 255) + (t >> 5) * 3);
    sink(t < 40 ? t * 2 : 7);
    sink(t % 32 == 0 && p[t] > 0);
    sink((unsigned char)(t + 250));
    sink(n + 1);
    sink(blockIdx.x * 0 + 5);
  })");
  const FunctionUniformity *fu = a.program->function(a.program->enclosingFunction(a.sinks.at(0)));
  ASSERT_NE(fu, nullptr);
  LaneModel lanes(*fu, 32);
  auto all = [&](size_t i) { return lanes.evaluateAll(a.sinks.at(i)->getArg(0)); };
  ThreadValues v0 = all(0), v1 = all(1), v2 = all(2), v3 = all(3), v4 = all(4), v5 = all(5);
  for (unsigned t = 0; t < ThreadValues::kThreads; ++t) {
    ASSERT_EQ(v0.at(t), std::optional<int64_t>((t & 255) + (t >> 5) * 3)) << "thread " << t;
    ASSERT_EQ(v1.at(t), std::optional<int64_t>(t < 40 ? t * 2 : 7)) << "thread " << t;
    if (t % 32 == 0) ASSERT_EQ(v2.at(t), std::nullopt) << "thread " << t; // decided by p[t]
    else ASSERT_EQ(v2.at(t), std::optional<int64_t>(0)) << "thread " << t;
    ASSERT_EQ(v3.at(t), std::optional<int64_t>((t + 250) & 255)) << "thread " << t;
    // The single-thread entry point agrees.
    ASSERT_EQ(lanes.evaluate(a.sinks.at(1)->getArg(0), t), v1.at(t)) << "thread " << t;
  }
  EXPECT_FALSE(v0.isUniform());
  EXPECT_TRUE(v4.isUniform()); // a parameter: unknown, for every thread alike
  EXPECT_EQ(v4.at(7), std::nullopt);
  EXPECT_TRUE(v5.isUniform()); // unknown * 0 is known
  EXPECT_EQ(v5.at(1023), std::optional<int64_t>(5));
}

} // namespace
