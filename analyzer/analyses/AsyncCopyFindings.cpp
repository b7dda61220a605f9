// The findings of the async-copy path analysis (AsyncCopyExplorer.h): whether
// a candidate access hits its copy (verdict()), and the messages.
#include "analyzer/analyses/AsyncCopyExplorer.h"
#include "clang/Lex/Lexer.h"

namespace warpcheck {
namespace asynccopy {

std::string nameOf(const ValueDecl *d) { return d && d->getIdentifier() ? d->getName().str() : std::string("the buffer"); }

// ---- verdicts -------------------------------------------------------------------------

Explorer::Verdict Explorer::dimVerdict(const std::optional<Lin> &c, const std::optional<Lin> &a, bool outer,
                                       bool fixed, std::optional<int64_t> bytes, int64_t stride, bool innermost) {
  if (!c || !a) return Verdict::Unknown;
  Lin uc, tc, ua, ta;
  splitByThread(atoms_, *c, uc, tc);
  splitByThread(atoms_, *a, ua, ta);
  // The copies of all threads together fill an inner dimension the copy
  // indexes per thread (`&tile[ty][tx]`): any index there is covered.
  if (!outer && !tc.terms.empty()) return Verdict::Same;
  std::optional<Lin> d = sub(ua, uc);
  if (!d) return Verdict::Unknown;
  if (d->isConst() && d->c == 0) return Verdict::Same;
  if (d->isConst()) {
    // One copy of a known size from a block-uniform place covers its bytes.
    if (tc.terms.empty() && bytes && innermost) {
      int64_t off = d->c * stride;
      return off >= 0 && off < *bytes ? Verdict::Same : Verdict::Different;
    }
    return Verdict::Different;
  }
  if (std::optional<bool> same = sameValue(atoms_, ua, uc)) return *same ? Verdict::Same : Verdict::Different;
  // An inner dimension the copies never move along (`&tile[0][0]`, one
  // block-wide copy) is all one buffer.
  if (!outer && fixed) return Verdict::Same;
  return Verdict::Unknown;
}

Explorer::Verdict Explorer::verdict(const Candidate &c) {
  const Region &copy = c.source ? *c.copy.src : *c.copy.dst;
  const Region &acc = c.accessed;
  // Step by step over the common prefix when the shapes agree there (an
  // access to a field of a copied element is inside the element).
  size_t n = std::min(copy.steps.size(), acc.steps.size());
  bool prefix = true;
  for (size_t i = 0; i < n && prefix; ++i) {
    const Region::Step &x = copy.steps[i], &y = acc.steps[i];
    if (x.field || y.field) prefix = x.field == y.field;
    else prefix = x.stride == y.stride;
  }
  // Different fields of one struct are different memory.
  for (size_t i = 0; i < n; ++i) {
    const Region::Step &x = copy.steps[i], &y = acc.steps[i];
    if (x.field && y.field && x.field != y.field) {
      bool samePath = true;
      for (size_t j = 0; j < i; ++j) samePath = samePath && copy.steps[j].field == acc.steps[j].field;
      if (samePath) return Verdict::Different;
    }
  }
  auto fixedDim = [&](size_t i) {
    if (c.source) return false;
    auto it = observed_.find(copy.root);
    if (it == observed_.end()) return false;
    auto jt = it->second.find(copy.shape() + "#" + std::to_string(i));
    return jt != it->second.end() && jt->second.size() <= 1 && !jt->second.count("?");
  };
  if (prefix) {
    Verdict result = Verdict::Same;
    bool seenIndex = false;
    for (size_t i = 0; i < n; ++i) {
      const Region::Step &x = copy.steps[i], &y = acc.steps[i];
      if (x.field) continue;
      bool outer = !seenIndex;
      seenIndex = true;
      bool innermost = i + 1 == copy.steps.size();
      Verdict v = dimVerdict(x.index, y.index, outer, fixedDim(i), c.copy.bytes, x.stride, innermost);
      if (v == Verdict::Different) return v;
      if (v == Verdict::Unknown) result = v;
    }
    return result;
  }
  std::optional<Lin> fc = copy.flatBytes(ast_), fa = acc.flatBytes(ast_);
  return dimVerdict(fc, fa, true, false, c.copy.bytes, 1, true);
}

// ---- messages --------------------------------------------------------------------------

std::string Explorer::text(const Stmt *s, size_t max) {
  const SourceManager &sm = ast_.getSourceManager();
  CharSourceRange r =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(s->getSourceRange()), sm, ast_.getLangOpts());
  if (r.isInvalid()) return "";
  std::string t = Lexer::getSourceText(r, sm, ast_.getLangOpts()).str();
  if (t.size() > max || t.find('\n') != std::string::npos) return "";
  return t;
}

std::string Explorer::line(const Stmt *s) {
  if (!s) return "?";
  return std::to_string(ast_.getSourceManager().getPresumedLineNumber(s->getBeginLoc()));
}

void Explorer::protocol(const Stmt *site, const std::string &message,
                        std::vector<std::pair<SourceLocation, std::string>> notes, SourceLocation insertAt,
                        std::string insertText) {
  if (!site || !protocolSeen_.insert({site, message}).second) return;
  AsyncFinding f;
  f.rule = kPipelineProtocolRule;
  f.loc = site->getBeginLoc();
  f.range = site->getSourceRange();
  f.message = message;
  for (auto &n : notes)
    if (n.first.isValid()) f.notes.push_back(std::move(n));
  if (current_)
    for (const CallExpr *call : calls(*current_))
      f.notes.push_back({call->getBeginLoc(), "in the call to '" +
                                                  (call->getDirectCallee() ? call->getDirectCallee()->getNameAsString()
                                                                           : std::string("?")) +
                                                  "' here"});
  f.insertAt = insertAt;
  f.insertText = std::move(insertText);
  protocol_.push_back(std::move(f));
}

AsyncFinding Explorer::describe(const Candidate &c) {
  const CopyRecord &rec = c.copy;
  AsyncFinding f;
  f.rule = kReadBeforeWaitRule;
  f.loc = c.access->getBeginLoc();
  f.range = c.access->getSourceRange();
  std::string what = text(c.access);
  if (what.empty()) what = nameOf(c.accessed.root);
  std::string object = "'" + nameOf(c.object) + "'";

  std::string reason;
  switch (c.queue) {
  case Queue::Thread:
    if (rec.survived && rec.survivedUncommitted)
      reason = "the copy is not committed to a batch, so '" + rec.survivedText + "' does not wait for it";
    else if (rec.survived && rec.survivedCount) {
      int64_t n = *rec.survivedCount;
      reason = "'" + rec.survivedText + "' leaves the " +
               (n == 1 ? std::string("most recently committed batch") : std::to_string(n) + " most recently committed batches") +
               " in flight, and the copy is in " + (n == 1 ? "it" : "one of them");
    } else if (rec.kind == AsyncOpKind::CopyOwnBatch)
      reason = "nothing waits for it first (cooperative_groups::wait() or wait_prior<N>())";
    else if (isa<GCCAsmStmt>(rec.site))
      reason = rec.committed ? "nothing waits for it first (cp.async.wait_group)"
                             : "nothing waits for it first (cp.async.commit_group, then cp.async.wait_group)";
    else
      reason = rec.committed ? "nothing waits for it first (__pipeline_wait_prior())"
                             : "nothing waits for it first (__pipeline_commit(), then __pipeline_wait_prior())";
    break;
  case Queue::Pipeline:
    if (rec.survived && rec.survivedUncommitted)
      reason = "its stage is not committed, so '" + rec.survivedText + "' does not wait for it";
    else if (rec.survived && rec.survivedCount)
      reason = "'" + rec.survivedText + "' leaves the " + std::to_string(*rec.survivedCount) +
               " most recently committed stage(s) in flight, and the copy is in one of them";
    else if (rec.survived)
      reason = "'" + rec.survivedText + "' waits only for the oldest stage, and the copy belongs to a later one";
    else if (!rec.committed)
      reason = "its stage is not committed (producer_commit()) and waited for (consumer_wait()) first";
    else
      reason = "no consumer_wait() on " + object + " completes its stage first";
    break;
  case Queue::Barrier:
    if (rec.survived)
      reason = "'" + rec.survivedText + "' waits for a different barrier than the one tracking the copy";
    else
      reason = "nothing waits on " + object + " (wait() or arrive_and_wait()) between the copy and this access";
    break;
  }
  if (c.source)
    f.message = "'" + what + "' is modified while an asynchronous copy may still be reading it: " + reason;
  else
    f.message = "'" + what + "' is " + (c.write ? "written" : "read") +
                " while an asynchronous copy into it may still be in flight: " + reason;
  const Region &target = c.source ? *rec.src : *rec.dst;
  f.notes.push_back({rec.site->getBeginLoc(), std::string("asynchronous copy ") + (c.source ? "from" : "into") + " '" +
                                                  nameOf(target.root) + "' issued here"});
  for (const CallExpr *call : rec.calls)
    if (std::find(c.calls.begin(), c.calls.end(), call) == c.calls.end())
      f.notes.push_back({call->getBeginLoc(), "through this call"});
  if (rec.survived) f.notes.push_back({rec.survived->getBeginLoc(), "the copy is still in flight after this wait"});
  for (const CallExpr *call : c.calls)
    f.notes.push_back({call->getBeginLoc(), "in the call to '" +
                                                (call->getDirectCallee() ? call->getDirectCallee()->getNameAsString() : std::string("?")) +
                                                "' here"});
  return f;
}

} // namespace asynccopy
} // namespace warpcheck
