// Unit tests of the async-copy explorer's pre-pass (analyzer/analyses/
// AsyncCopyInFlight.h): a callee's summary depends on the facts it is
// entered with, is computed once per (callee, facts) and reused by every
// caller and entry, and an entry is skipped only where its exploration
// finds nothing.
#include "analyzer/analyses/AsyncCopyInFlight.h"
#include "analyzer/analyses/AsyncCopyPaths.h"
#include "analyzer/core/AnalysisContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "tests/unit/ParsedCuda.h"
#include <gtest/gtest.h>

using namespace warpcheck;
using namespace warpcheck::asynccopy;
using namespace clang;

namespace {

const char *const kHelpers = R"(#include <cuda_pipeline.h>
    __device__ float sink;
    __device__ void consume(const float *sh) { sink = sh[threadIdx.x]; }
    __device__ void finish(const float *sh) { __pipeline_wait_prior(0); sink = sh[threadIdx.x]; }
    __device__ void issue(float *sh, const float *g) {
      __pipeline_memcpy_async(&sh[threadIdx.x], &g[threadIdx.x], sizeof(float));
      __pipeline_commit();
    }
    __device__ void issueOpen(float *sh, const float *g) {
      __pipeline_memcpy_async(&sh[threadIdx.x], &g[threadIdx.x], sizeof(float));
    }
    __global__ void k1(const float *g) { __shared__ float sh[128]; issue(sh, g); finish(sh); }
    __global__ void k2(const float *g) { __shared__ float sh[128]; issue(sh, g); finish(sh); }
    __shared__ float tile[128];
    __device__ const float *source;
    __global__ void k3() { issue(tile, source); finish(tile); }
    __global__ void k4() { issue(tile, source); finish(tile); }
    __global__ void otherBuffer(const float *g, float *o) {
      __shared__ float sh[128], other[128];
      other[threadIdx.x] = g[threadIdx.x];
      issue(sh, g);
      o[threadIdx.x] = other[threadIdx.x]; // no copy is rooted at other
      __pipeline_wait_prior(0);
      o[threadIdx.x] += sh[threadIdx.x];
    }
    __global__ void early(const float *g) { __shared__ float sh[128]; issue(sh, g); consume(sh); finish(sh); }
    __global__ void uncommitted(const float *g) { __shared__ float sh[128]; issueOpen(sh, g); finish(sh); }
    __global__ void privateRead(const float *g, float *o) {
      __shared__ float sh[128];
      float acc[4] = {0, 0, 0, 0};
      issue(sh, g);
      acc[1] += 1.0f; // a per-thread array no copy can be rooted at
      __pipeline_wait_prior(0);
      o[threadIdx.x] = sh[threadIdx.x] + acc[1];
    }
    __global__ void escapedRead(const float *g, float *o) {
      __shared__ float sh[128];
      float acc[4] = {0, 0, 0, 0};
      float *p = acc; // another name for acc: a copy could be rooted at it
      issue(sh, g);
      acc[1] += 1.0f;
      __pipeline_wait_prior(0);
      o[threadIdx.x] = sh[threadIdx.x] + acc[1] + p[0];
    }
    __global__ void loopEntered(const float *g, float *o) {
      __shared__ float sh[128];
      issue(sh, g);
      for (int k = 3; k >= 0; --k) __pipeline_wait_prior(0); // entered: the read comes after a wait
      o[threadIdx.x] = sh[threadIdx.x];
    }
    __global__ void loopMaybe(const float *g, float *o, int n) {
      __shared__ float sh[128];
      issue(sh, g);
      for (int k = n; k >= 0; --k) __pipeline_wait_prior(0); // maybe not entered
      o[threadIdx.x] = sh[threadIdx.x];
    }
    template <bool check> __global__ void decided(const float *g, float *o) {
      __shared__ float sh[128];
      issue(sh, g);
      if (check) o[0] = sh[0]; // never taken: the explorer decides it too
      __pipeline_wait_prior(0);
      o[threadIdx.x] = sh[threadIdx.x];
    }
    template __global__ void decided<false>(const float *, float *);
  )";

// The same helper, entered with and without a copy in flight, has two
// summaries with different results.
TEST(AsyncCopyInFlight, SummaryDependsOnEntryFacts) {
  PARSE(p, kHelpers);
  ASTContext &ast = p.unit->getASTContext();
  AnalysisContext ctx(&ast, Pass{false, "sm_90"}, AnalysisOptions{});
  Cache &cache = passCache(ctx);
  const FunctionDecl *consume = functionNamed(ast, "consume"), *finish = functionNamed(ast, "finish"),
                     *issue = functionNamed(ast, "issue");
  ASSERT_TRUE(consume && finish && issue);

  InFlightSummary idle = inFlightSummary(ctx, cache, consume, InFlight{});
  EXPECT_FALSE(idle.mayReport);
  EXPECT_EQ(idle.exit, InFlight{});
  EXPECT_TRUE(inFlightSummary(ctx, cache, consume, InFlight{true, false}).mayReport); // reads while in flight

  InFlightSummary waited = inFlightSummary(ctx, cache, finish, InFlight{true, false});
  EXPECT_FALSE(waited.mayReport);
  EXPECT_EQ(waited.exit, InFlight{}); // wait_prior(0) retired the committed batch
  // The open batch still holds a copy: wait_prior(0) does not cover it.
  EXPECT_TRUE(inFlightSummary(ctx, cache, finish, InFlight{true, true}).mayReport);

  InFlightSummary issued = inFlightSummary(ctx, cache, issue, InFlight{});
  EXPECT_FALSE(issued.mayReport);
  // In flight after it: a copy into its parameter's region, from the other's.
  EXPECT_TRUE(issued.exit.any);
  EXPECT_FALSE(issued.exit.open);
  EXPECT_TRUE(issued.exit.known);
  EXPECT_EQ(issued.exit.dst, Roots{issue->getParamDecl(0)});
  EXPECT_EQ(issued.exit.src, Roots{issue->getParamDecl(1)});
  EXPECT_EQ(inFlightMemo(ctx).computed, 5u);
  EXPECT_EQ(inFlightMemo(ctx).reused, 0u);
}

// Two kernels that reach the helpers with the same facts and hand them the
// same buffers share their summaries: the second computes only its own.
// Kernels that hand them buffers of their own (k1, k2: each its own
// __shared__ array and parameter) do not.
TEST(AsyncCopyInFlight, SummariesReusedAcrossEntries) {
  PARSE(p, kHelpers);
  ASTContext &ast = p.unit->getASTContext();
  AnalysisContext ctx(&ast, Pass{false, "sm_90"}, AnalysisOptions{});
  Cache &cache = passCache(ctx);
  InFlightMemo &memo = inFlightMemo(ctx);
  EXPECT_FALSE(mayReportInFlight(ctx, cache, functionNamed(ast, "k3")));
  EXPECT_EQ(memo.computed, 3u); // k3, issue from {}, finish from {a copy into tile in flight}
  EXPECT_EQ(memo.reused, 0u);
  EXPECT_FALSE(mayReportInFlight(ctx, cache, functionNamed(ast, "k4")));
  EXPECT_EQ(memo.computed, 4u); // k4 only
  EXPECT_EQ(memo.reused, 2u);   // issue and finish
  EXPECT_FALSE(mayReportInFlight(ctx, cache, functionNamed(ast, "k1")));
  EXPECT_FALSE(mayReportInFlight(ctx, cache, functionNamed(ast, "k2")));
  EXPECT_EQ(memo.computed, 10u); // k1, k2 and the helpers for each
  EXPECT_EQ(memo.reused, 2u);
}

// Skipped entries are those whose exploration reports nothing; the others
// are explored and report as before.
TEST(AsyncCopyInFlight, SkipsOnlyWhatCannotReport) {
  PARSE(p, kHelpers);
  ASTContext &ast = p.unit->getASTContext();
  AnalysisContext ctx(&ast, Pass{false, "sm_90"}, AnalysisOptions{});
  Cache &cache = passCache(ctx);
  struct Case {
    const char *name;
    bool mayReport;
    size_t findings;
  };
  for (const Case &c : {Case{"k1", false, 0}, Case{"privateRead", false, 0}, Case{"decided", false, 0},
                        Case{"early", true, 1}, Case{"uncommitted", true, 2} /* the wait, the read */,
                        // p is rooted at p or acc, never at sh: no copy in flight has their roots
                        Case{"escapedRead", false, 0}, Case{"otherBuffer", false, 0},
                        Case{"loopEntered", false, 0}, Case{"loopMaybe", true, 1}}) {
    const FunctionDecl *fn = functionNamed(ast, c.name);
    ASSERT_NE(fn, nullptr) << c.name;
    EXPECT_EQ(mayReportInFlight(ctx, cache, fn), c.mayReport) << c.name;
    EXPECT_EQ(asyncCopyFindings(ctx, fn).size(), c.findings) << c.name;
  }
}

} // namespace
