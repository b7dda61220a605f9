// The transfer function of the thread's own cp.async batches: the pipeline
// primitives (__pipeline_memcpy_async/commit/wait_prior), inline PTX
// cp.async, cooperative_groups::memcpy_async/wait and
// nvcuda::experimental (see AsyncCopyApi.h).
#include "analyzer/analyses/AsyncCopyExplorer.h"

namespace warpcheck {
namespace asynccopy {

void Explorer::applyThreadBatches(State &s, const AsyncOp &op) {
  switch (op.kind) {
  case AsyncOpKind::CopyToOpenBatch:
    threadQueue(s).open.copies.push_back(record(s, op));
    return;
  case AsyncOpKind::CopyOwnBatch:
    threadQueue(s).open.copies.push_back(record(s, op));
    commit(threadQueue(s), op.site);
    return;
  case AsyncOpKind::Commit:
    commit(threadQueue(s), op.site);
    return;
  case AsyncOpKind::WaitPrior:
  case AsyncOpKind::CommitAndWaitAll: {
    Queue &q = threadQueue(s);
    if (op.kind == AsyncOpKind::CommitAndWaitAll) commit(q, op.site);
    std::optional<int64_t> keep = op.count;
    AsyncOp spelled = op;
    if (!keep && op.countExpr)
      if (std::optional<Lin> n = evalInt(op.countExpr, s); n && n->isConst()) {
        keep = n->c;
        if (isa<GCCAsmStmt>(op.site)) spelled.spelling += " " + std::to_string(*keep);
      }
    // A wait for everything with copies still uncommitted: they are not covered.
    if (keep.value_or(-1) == 0 && !q.open.copies.empty()) {
      const CopyRecord &first = q.open.copies.front();
      bool primitive = isa<CallExpr>(first.site) && first.kind == AsyncOpKind::CopyToOpenBatch;
      SourceLocation insertAt;
      std::string insertText;
      if (primitive && isa<CallExpr>(op.site)) {
        insertAt = op.site->getBeginLoc();
        insertText = "__pipeline_commit(); ";
      }
      protocol(op.site,
               "'" + spelled.spelling + "' does not wait for the copies issued since the last commit: they are not "
               "committed to a batch yet (commit them first, with " +
                   (isa<GCCAsmStmt>(first.site) ? "cp.async.commit_group" : "__pipeline_commit()") + ")",
               {{first.site->getBeginLoc(), "asynchronous copy issued here and not committed"}}, insertAt, insertText);
    }
    retire(q, keep, spelled);
    return;
  }
  default: return;
  }
}

} // namespace asynccopy
} // namespace warpcheck
