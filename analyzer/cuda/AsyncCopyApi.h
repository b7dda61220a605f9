#pragma once
// The asynchronous-copy APIs of the CUDA toolkit, recognised at their call
// sites as the headers declare them:
//   - the pipeline primitives (cuda_pipeline_primitives.h):
//     __pipeline_memcpy_async / __pipeline_commit / __pipeline_wait_prior(N);
//   - inline PTX: cp.async.{ca,cg}.shared.global, cp.async.commit_group,
//     cp.async.wait_group N, cp.async.wait_all;
//   - cooperative_groups::memcpy_async (which commits its own batch),
//     cooperative_groups::wait / wait_prior<N>;
//   - cuda::memcpy_async(..., cuda::pipeline&) and the cuda::pipeline
//     protocol (make_pipeline, producer_acquire/commit, consumer_wait/
//     release, pipeline_consumer_wait_prior<N>, quit);
//   - cuda::memcpy_async(..., cuda::barrier&) completed by the barrier's
//     wait / arrive_and_wait / wait_parity / try_wait*;
//   - nvcuda::experimental::memcpy_async / pipeline (cuda_pipeline.h).
// Used by async-copy-read-before-wait and pipeline-protocol.
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"
#include <map>
#include <optional>
#include <string>

namespace warpcheck {

enum class AsyncOpKind : uint8_t {
  None,
  CopyToOpenBatch,  // joins the thread's uncommitted cp.async batch
  CopyOwnBatch,     // cooperative_groups::memcpy_async: copy, then __pipeline_commit()
  CopyToPipeline,   // cuda::memcpy_async(..., pipeline)
  CopyToBarrier,    // cuda::memcpy_async(..., barrier), memcpy_async_tx
  Commit,           // closes the thread's open batch
  WaitPrior,        // all but the `count` newest committed batches complete
  CommitAndWaitAll, // cp.async.wait_all, experimental commit_and_wait
  PipeMake,
  PipeAcquire,
  PipeCommit,
  PipeWait,      // consumer_wait / consumer_wait_for / consumer_wait_until
  PipeWaitPrior, // cuda::pipeline_consumer_wait_prior<N>
  PipeRelease,
  PipeQuit,
  BarrierWait,
};

bool isAsyncCopy(AsyncOpKind k);

struct AsyncOp {
  AsyncOpKind kind = AsyncOpKind::None;
  const clang::Stmt *site = nullptr;
  // Copies: the destination and source as pointers (`dstIsAddress`: as
  // integer shared-window addresses, cp.async operands; `dstIsLvalue`: as
  // the object itself, nvcuda::experimental::memcpy_async(T&, const T&)).
  const clang::Expr *dst = nullptr;
  const clang::Expr *src = nullptr;
  bool dstIsLvalue = false;
  bool dstIsAddress = false;
  const clang::Expr *size = nullptr; // bytes, when an expression
  std::optional<int64_t> sizeValue;  // bytes, when fixed by the API (asm literal)
  // The pipeline or barrier object (an lvalue), or the pipeline a
  // make_pipeline() result initialises (null here; set by the caller).
  const clang::Expr *object = nullptr;
  // Waits: the number of newest batches left in flight.
  const clang::Expr *countExpr = nullptr;
  std::optional<int64_t> count;
  bool partitioned = false; // PipeMake with a producer count or a role
  std::string spelling;     // how the source writes the operation: "__pipeline_wait_prior(2)"
};

// The async operations `s` performs, in order (an asm statement may hold
// several: a copy and its commit). Empty for anything else.
llvm::SmallVector<AsyncOp, 1> asyncOpsOf(const clang::Stmt *s, const clang::ASTContext &ast);

// Whether a call of `fn` may perform async operations: its body (outside
// system headers) contains one, directly or through the functions it calls.
// The API functions themselves are recognised at their call sites and not
// looked into.
class AsyncRelevance {
public:
  explicit AsyncRelevance(const clang::ASTContext &ast) : ast_(ast) {}
  bool mayPerformAsyncOps(const clang::FunctionDecl *fn);
  // Whether `s` is an async operation or a call that may perform one.
  bool isRelevant(const clang::Stmt *s);

private:
  const clang::ASTContext &ast_;
  std::map<const clang::FunctionDecl *, int> memo_; // 1 computing, 2 no, 3 yes
};

// The pipeline or barrier kind of a type (through references/pointers).
bool isCudaPipelineType(clang::QualType t);

} // namespace warpcheck
