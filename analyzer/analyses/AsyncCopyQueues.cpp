// The copies in flight of the async-copy path analysis (AsyncCopyExplorer.h):
// the queues a path keeps, committing and retiring batches, and the loads
// and stores that hit a copy still in flight.
#include "analyzer/analyses/AsyncCopyExplorer.h"

namespace warpcheck {
namespace asynccopy {

// ---- async state ----------------------------------------------------------------------

std::vector<const CallExpr *> Explorer::calls(const State &s) const {
  std::vector<const CallExpr *> out;
  for (const Frame &f : s.frames)
    if (f.call) out.push_back(f.call);
  return out;
}

Queue *Explorer::objectQueue(State &s, const Expr *object, Queue::Kind kind, std::optional<Region> *region) {
  std::optional<Region> r = regionOfLvalue(object, s);
  if (region) *region = r;
  const ValueDecl *root = r ? r->root : nullptr;
  if (!root) return nullptr;
  for (Queue &q : s.queues)
    if (q.kind == kind && q.object == root) return &q;
  s.queues.emplace_back();
  Queue &q = s.queues.back();
  q.kind = kind;
  q.object = root;
  return &q;
}

CopyRecord Explorer::record(State &s, const AsyncOp &op) {
  CopyRecord rec;
  rec.site = op.site;
  rec.kind = op.kind;
  rec.dst = op.dstIsLvalue ? regionOfLvalue(op.dst, s) : regionOfAddress(op.dst, s);
  if (op.src) rec.src = op.dstIsLvalue ? regionOfLvalue(op.src, s) : regionOfAddress(op.src, s);
  rec.bytes = op.sizeValue;
  if (!rec.bytes && op.size)
    if (std::optional<Lin> n = evalInt(stripConstruction(op.size), s); n && n->isConst()) rec.bytes = n->c;
  if (op.dstIsLvalue && op.dst) rec.bytes = sizeOf(op.dst->getType());
  rec.calls = calls(s);
  observe(rec);
  return rec;
}

void Explorer::observe(const CopyRecord &rec) {
  if (!rec.dst || !rec.dst->root) return;
  auto &obs = observed_[rec.dst->root];
  std::string shape = rec.dst->shape();
  for (size_t i = 0; i < rec.dst->steps.size(); ++i) {
    const Region::Step &st = rec.dst->steps[i];
    if (st.field) continue;
    std::string k = shape + "#" + std::to_string(i);
    if (!st.index) {
      obs[k].insert("?");
      continue;
    }
    Lin u, t;
    splitByThread(atoms_, *st.index, u, t);
    obs[k].insert(u.key());
  }
}

void Explorer::commit(Queue &q, const Stmt *site) {
  for (CopyRecord &c : q.open.copies) c.committed = true;
  q.batches.push_back(std::move(q.open));
  q.open = Batch{};
  if (q.batches.size() > kMaxBatches) q.batches.erase(q.batches.begin());
  q.lastCommit = site;
}

// Completes all committed batches but the newest `keep` (all when unknown).
void Explorer::retire(Queue &q, std::optional<int64_t> keep, const AsyncOp &op) {
  size_t n = q.batches.size();
  size_t left = keep ? size_t(std::max<int64_t>(0, std::min<int64_t>(*keep, int64_t(n)))) : 0;
  q.batches.erase(q.batches.begin(), q.batches.begin() + (n - left));
  for (Batch &b : q.batches)
    for (CopyRecord &c : b.copies) {
      c.survived = op.site, c.survivedText = op.spelling, c.survivedCount = keep, c.survivedUncommitted = false;
      c.survivedPipelineWait = false;
    }
  for (CopyRecord &c : q.open.copies)
    c.survived = op.site, c.survivedText = op.spelling, c.survivedUncommitted = true;
  q.lastWait = op.site;
}

bool Explorer::passesInFlight(State &s, const CallExpr *call) {
  if (!anyInFlight(s) || isa<CXXMemberCallExpr>(call) || isa<CXXOperatorCallExpr>(call)) return false;
  std::set<const ValueDecl *> roots;
  for (const Queue &q : s.queues) {
    auto add = [&](const CopyRecord &c) {
      if (c.dst) roots.insert(c.dst->root);
      if (c.src) roots.insert(c.src->root);
    };
    for (const CopyRecord &c : q.open.copies) add(c);
    for (const Batch &b : q.batches)
      for (const CopyRecord &c : b.copies) add(c);
  }
  for (const Expr *arg : call->arguments()) {
    std::optional<Region> r;
    if (arg->getType()->isPointerType()) r = regionOfPointer(arg, s);
    else if (arg->isGLValue()) r = regionOfLvalue(arg, s);
    if (r && roots.count(r->root)) return true;
  }
  return false;
}

bool Explorer::anyInFlight(const State &s) const {
  for (const Queue &q : s.queues) {
    if (!q.open.copies.empty()) return true;
    for (const Batch &b : q.batches)
      if (!b.copies.empty()) return true;
  }
  return false;
}

void Explorer::access(State &s, const Expr *lvalue, bool write) {
  if (!anyInFlight(s)) return;
  const Expr *e = lvalue->IgnoreParenImpCasts();
  // Locals are not what copies write.
  if (const auto *dr = dyn_cast<DeclRefExpr>(e))
    if (const auto *v = dyn_cast<VarDecl>(dr->getDecl()); v && v->hasLocalStorage() && !v->getType()->isReferenceType())
      return;
  accessRegion(s, lvalue, regionOfLvalue(lvalue, s), write);
}

void Explorer::accessRegion(State &s, const Expr *site, const std::optional<Region> &r, bool write) {
  if (!r || !r->root) return;
  for (const Queue &q : s.queues) {
    auto consider = [&](const CopyRecord &c) {
      for (int which = 0; which < 2; ++which) {
        bool source = which == 1;
        const std::optional<Region> &target = source ? c.src : c.dst;
        if (!target || target->root != r->root || (source && !write)) continue;
        std::string key = std::to_string(reinterpret_cast<uintptr_t>(site)) + "/" +
                          std::to_string(reinterpret_cast<uintptr_t>(c.site)) + "/" + r->key() + "/" + target->key() +
                          "/" + std::to_string(source) + "/" + std::to_string(reinterpret_cast<uintptr_t>(c.survived)) +
                          std::to_string(c.survivedUncommitted);
        if (!candidateSeen_.insert(key).second) continue;
        Candidate cand;
        cand.access = site;
        cand.write = write;
        cand.source = source;
        cand.accessed = *r;
        cand.copy = c;
        cand.queue = q.kind;
        cand.object = q.object;
        cand.calls = calls(s);
        candidates_.push_back(std::move(cand));
      }
    };
    for (const CopyRecord &c : q.open.copies) consider(c);
    for (const Batch &b : q.batches)
      for (const CopyRecord &c : b.copies) consider(c);
  }
}

} // namespace asynccopy
} // namespace warpcheck
