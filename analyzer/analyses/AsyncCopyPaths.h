#pragma once
// The path-sensitive analysis behind async-copy-read-before-wait and
// pipeline-protocol.
//
// Each device function is explored path by path over clang's CFG, one
// thread's view: integers and pointers are tracked symbolically
// (AsyncCopyValues.h), branch conditions are decided when the values allow
// and otherwise both ways with the assumption recorded, and loops that issue
// or wait for copies are unrolled (a loop whose trip count is unknown is
// followed for a few iterations; one that copies nothing is summarised).
// Along a path the analysis keeps the thread's copies in flight: the
// cp.async batches (open and committed, oldest first), the stages of each
// cuda::pipeline and the copies each cuda::barrier tracks, and applies the
// completion rules of each API (wait_prior(N) leaves the newest N committed
// batches in flight, consumer_wait completes the oldest stage, a barrier's
// wait completes its copies). A load or store of a region that an in-flight
// copy writes (or a store to one it reads) is a candidate finding; whether
// the two regions are the same is decided at the end, once every copy of
// the function is known (see verdict()). Helpers that issue or wait for
// copies are inlined (a few levels deep).
#include "analyzer/core/AnalysisContext.h"
#include "clang/AST/Decl.h"
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

struct AsyncFinding {
  const char *rule = nullptr; // "async-copy-read-before-wait" or "pipeline-protocol"
  clang::SourceLocation loc;
  clang::SourceRange range;
  std::string message;
  std::vector<std::pair<clang::SourceLocation, std::string>> notes;
  // A mechanical fix: insert `insertText` at `insertAt`.
  clang::SourceLocation insertAt;
  std::string insertText;
};

// The findings of both rules with `fn` as the entry point, computed once
// per pass and shared by the two checks.
const std::vector<AsyncFinding> &asyncCopyFindings(AnalysisContext &ctx, const clang::FunctionDecl *fn);

extern const char *const kReadBeforeWaitRule;
extern const char *const kPipelineProtocolRule;

} // namespace warpcheck
