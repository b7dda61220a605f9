// The transfer function of cuda::memcpy_async with a cuda::barrier (and
// memcpy_async_tx): copies tracked by the barrier, completed by its wait.
#include "analyzer/analyses/AsyncCopyExplorer.h"

namespace warpcheck {
namespace asynccopy {

void Explorer::applyBarrier(State &s, const AsyncOp &op) {
  switch (op.kind) {
  case AsyncOpKind::CopyToBarrier: {
    std::optional<Region> which;
    Queue *q = objectQueue(s, op.object, Queue::Barrier, &which);
    if (!q) return;
    CopyRecord rec = record(s, op);
    rec.barrier = which;
    if (q->batches.empty()) q->batches.emplace_back();
    q->batches.back().copies.push_back(rec);
    return;
  }
  case AsyncOpKind::BarrierWait: {
    std::optional<Region> which;
    Queue *q = objectQueue(s, op.object, Queue::Barrier, &which);
    if (!q) return;
    // Copies tracked by this barrier complete; by another element of the
    // same barrier array (a different stage) they do not.
    for (Batch &b : q->batches) {
      std::vector<CopyRecord> kept;
      for (CopyRecord &c : b.copies) {
        bool other = false;
        if (which && c.barrier && which->steps.size() == c.barrier->steps.size())
          for (size_t i = 0; i < which->steps.size(); ++i) {
            const auto &x = which->steps[i].index, &y = c.barrier->steps[i].index;
            if (x && y && sameValue(atoms_, *x, *y) == false) other = true;
          }
        if (other) {
          c.survived = op.site, c.survivedText = op.spelling;
          kept.push_back(c);
        }
      }
      b.copies = std::move(kept);
    }
    return;
  }
  default: return;
  }
}

} // namespace asynccopy
} // namespace warpcheck
