// The transfer function of cuda::pipeline: cuda::memcpy_async into a stage,
// producer_acquire/commit, consumer_wait/release, wait_prior, quit, and the
// pipeline-protocol checks of each; a pipeline's declaration and end of life.
#include "analyzer/analyses/AsyncCopyExplorer.h"
#include "clang/AST/DeclTemplate.h"

namespace warpcheck {
namespace asynccopy {

// cuda::pipeline<cuda::thread_scope_thread>: its template argument is the
// enumerator thread_scope_thread.
bool isThreadScopePipeline(QualType t) {
  const auto *spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t.getNonReferenceType()->getAsCXXRecordDecl());
  if (!spec || spec->getTemplateArgs().size() < 1) return false;
  const TemplateArgument &arg = spec->getTemplateArgs()[0];
  if (arg.getKind() != TemplateArgument::Integral) return false;
  const auto *et = arg.getIntegralType()->getAs<EnumType>();
  if (!et) return false;
  const EnumDecl *ed = et->getDecl();
  if (const EnumDecl *def = ed->getDefinition()) ed = def;
  for (const EnumConstantDecl *e : ed->enumerators())
    if (llvm::APSInt::isSameValue(e->getInitVal(), arg.getAsIntegral())) return e->getName() == "thread_scope_thread";
  return false;
}

// The make_pipeline() call a declaration's initialiser holds.
const CallExpr *makePipelineCall(const Expr *init, const ASTContext &ast) {
  const Expr *e = stripConstruction(init);
  const auto *call = dyn_cast_or_null<CallExpr>(e);
  if (!call) return nullptr;
  auto ops = asyncOpsOf(call, ast);
  return !ops.empty() && ops[0].kind == AsyncOpKind::PipeMake ? call : nullptr;
}

// A cuda::pipeline declared on the path: a fresh queue, tracked when made here.
void Explorer::pipelineDeclared(State &s, const VarDecl *v) {
  const CallExpr *make = v->getInit() ? makePipelineCall(v->getInit(), ast_) : nullptr;
  Queue *q = nullptr;
  for (Queue &x : s.queues)
    if (x.kind == Queue::Pipeline && x.object == v) q = &x;
  if (!q) {
    s.queues.emplace_back();
    q = &s.queues.back();
  }
  *q = Queue{};
  q->kind = Queue::Pipeline;
  q->object = v;
  q->tracked = make != nullptr;
  if (make) q->partitioned = make->getNumArgs() == 3;
  q->threadScope = isThreadScopePipeline(v->getType());
}

// A cuda::pipeline at its end of scope: a stage still acquired is never committed.
void Explorer::pipelineDestroyed(State &s, const CFGAutomaticObjDtor &dtor) {
  const VarDecl *v = dtor.getVarDecl();
  if (!isCudaPipelineType(v->getType())) return;
  for (Queue &q : s.queues)
    if (q.kind == Queue::Pipeline && q.object == v) {
      if (q.tracked && q.acquired && !q.quit && (!q.threadScope || !q.open.copies.empty()))
        endOfLife(q.acquireSite,
                 "the stage acquired here is never committed: '" + nameOf(v) +
                     "' is destroyed without a producer_commit() after this producer_acquire()",
                 {{dtor.getTriggerStmt() ? dtor.getTriggerStmt()->getEndLoc() : SourceLocation(),
                   "'" + nameOf(v) + "' is destroyed here"}});
      q.tracked = false;
      q.quit = true;
    }
}

void Explorer::endOfPath(State &s) {
  current_ = &s;
  for (Queue &q : s.queues)
    if (q.kind == Queue::Pipeline && q.tracked && q.acquired && !q.quit && (!q.threadScope || !q.open.copies.empty()))
      endOfLife(q.acquireSite, "the stage acquired here is never committed: the function returns without a "
                              "producer_commit() on '" + nameOf(q.object) + "' after this producer_acquire()");
}

void Explorer::applyPipeline(State &s, const AsyncOp &op) {
  // Called by apply() for the cuda::pipeline operations only.
  auto lineOf = [&](const Stmt *x) { return line(x); };
  Queue *q = objectQueue(s, op.object, Queue::Pipeline);
  if (!q) return;
  std::string name = "'" + nameOf(q->object) + "'";
  if (q->tracked && q->quit) {
    protocol(op.site, name + " is used after quit(): it no longer takes part in the pipeline",
             {{q->quitSite ? q->quitSite->getBeginLoc() : SourceLocation(), "quit() here"}});
    return;
  }
  switch (op.kind) {
  case AsyncOpKind::CopyToPipeline:
    if (q->tracked && !q->acquired)
      protocol(op.site, "cuda::memcpy_async() into pipeline " + name +
                            " outside a stage: no producer_acquire() precedes it on this path, so no stage "
                            "holds the copy");
    q->open.copies.push_back(record(s, op));
    return;
  case AsyncOpKind::PipeAcquire:
    if (q->tracked && q->acquired) {
      unfinished_.insert(q->acquireSite);
      if (q->acquireSite == op.site)
        protocol(op.site, "producer_acquire() on " + name +
                              " again, in the next iteration, before the stage it acquired is committed with "
                              "producer_commit()");
      else
        protocol(op.site, "producer_acquire() on " + name + " again before the stage acquired at line " +
                              lineOf(q->acquireSite) + " is committed with producer_commit()",
                 {{q->acquireSite->getBeginLoc(), "the stage is acquired here"}});
    }
    q->acquired = true;
    q->acquireSite = op.site;
    return;
  case AsyncOpKind::PipeCommit:
    if (q->tracked && !q->acquired) {
      std::vector<std::pair<SourceLocation, std::string>> notes;
      if (q->lastCommit) notes.push_back({q->lastCommit->getBeginLoc(), "the previous stage was committed here"});
      protocol(op.site, "producer_commit() on " + name +
                            " without a producer_acquire() since the last commit: no stage is acquired",
               notes);
    }
    commit(*q, op.site);
    q->acquired = false;
    return;
  case AsyncOpKind::PipeWait: {
    bool pending = false;
    for (const Batch &b : q->batches) pending = pending || !b.completed;
    if (q->tracked && !q->partitioned && !pending) {
      std::vector<std::pair<SourceLocation, std::string>> notes;
      if (q->acquired) notes.push_back({q->acquireSite->getBeginLoc(), "the stage acquired here is not committed yet"});
      protocol(op.site, "consumer_wait() on " + name +
                            " with no committed stage on this path: it waits for a stage no producer_commit() "
                            "has filled",
               notes);
    } else if (q->tracked && q->waitsUnreleased > 0) {
      protocol(op.site, "consumer_wait() on " + name + " again before consumer_release() of the stage waited for at line " +
                            lineOf(q->lastWait) + ": each stage must be released before the next is waited for",
               {{q->lastWait->getBeginLoc(), "the previous consumer_wait()"}});
    }
    // The oldest stage not yet waited for completes.
    for (Batch &b : q->batches)
      if (!b.completed) {
        b.completed = true;
        b.copies.clear();
        break;
      }
    for (Batch &b : q->batches)
      for (CopyRecord &c : b.copies)
        c.survived = op.site, c.survivedText = op.spelling, c.survivedPipelineWait = true,
        c.survivedUncommitted = false, c.survivedCount.reset();
    for (CopyRecord &c : q->open.copies)
      c.survived = op.site, c.survivedText = op.spelling, c.survivedUncommitted = true;
    ++q->waitsUnreleased;
    q->lastWait = op.site;
    return;
  }
  case AsyncOpKind::PipeWaitPrior: {
    std::optional<int64_t> keep = op.count;
    size_t open = 0;
    for (const Batch &b : q->batches) open += !b.completed;
    size_t left = keep ? size_t(std::max<int64_t>(0, std::min<int64_t>(*keep, int64_t(open)))) : 0;
    size_t toComplete = open - left;
    for (Batch &b : q->batches)
      if (!b.completed && toComplete) b.completed = true, b.copies.clear(), --toComplete;
    for (Batch &b : q->batches)
      for (CopyRecord &c : b.copies)
        c.survived = op.site, c.survivedText = op.spelling, c.survivedCount = keep, c.survivedPipelineWait = true,
        c.survivedUncommitted = false;
    for (CopyRecord &c : q->open.copies)
      c.survived = op.site, c.survivedText = op.spelling, c.survivedUncommitted = true;
    q->waitsUnreleased = std::max(q->waitsUnreleased, 1u);
    q->lastWait = op.site;
    return;
  }
  case AsyncOpKind::PipeRelease:
    if (q->tracked && q->waitsUnreleased == 0)
      protocol(op.site, "consumer_release() on " + name +
                            " without a consumer_wait() for the stage: it may still be in flight when a producer "
                            "reuses it");
    if (q->waitsUnreleased) --q->waitsUnreleased;
    if (!q->batches.empty() && q->batches.front().completed) q->batches.erase(q->batches.begin());
    return;
  case AsyncOpKind::PipeQuit:
    q->quit = true;
    q->quitSite = op.site;
    return;
  default: return;
  }
}

} // namespace asynccopy
} // namespace warpcheck
