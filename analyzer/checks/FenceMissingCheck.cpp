// fence-missing (static half): data handed to other blocks through a flag
// or counter with no fence between the data and the signal.
//
// Writer: a path from a plain store to global memory to a relaxed atomic or
// a volatile/relaxed flag store that publishes it, with no device fence (or
// release) in between: the guide's last-block reduction without its
// __threadfence(). Reader: a plain load of such data after the flag or
// counter was observed, with no fence (or acquire) in between.
//
// What publishes is decided from how the TU uses a location, not from its
// name. A location is a *flag* when some device code observes it — a
// volatile or relaxed atomic load, or the result of a counting atomic
// (atomicAdd/Inc/..., fetch_add, ...) — in the condition of a branch or
// loop that decides whether the thread goes on to read data that device
// code writes (the "last block" test, a spin loop before reading). A counter
// whose result is unused (a histogram) or indexes memory (a slot allocator,
// a work queue) is not observed; a location taken with atomicCAS or a used
// atomicExch is a lock (mutex-without-acquire-release, not this rule).
// Block-scope fences count as fences here: one where a device fence is
// needed is scope-too-narrow's finding.
#include "analyzer/analyses/FenceFunctionModel.h"
#include "analyzer/analyses/MemoryOps.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/BitVector.h"
#include <map>
#include <set>

namespace warpcheck {
namespace {

using namespace clang;
using namespace clang::ast_matchers;
// The per-function models the rule decides from (analyses/FenceFunctionModel.h).
using namespace fence;

class FenceMissingCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &finder) override {
    finder.addMatcher(functionDecl(isDefinition(), isDeviceFunction())
                          .bind("fn"),
                      this);
  }

  void check(const MatchFinder::MatchResult &result) override {
    const auto *fn = result.Nodes.getNodeAs<FunctionDecl>("fn");
    if (!fn || fn->isDependentContext() || !fn->getBody() || fn->isInvalidDecl()) return;
    // Only code that may be reported: the keys that link a writer to its
    // readers are names, and CCCL's internals would only add noise.
    if (!context().isReportable(fn->getLocation())) return;
    if (seen_.insert(fn).second) functions_.push_back(fn);
  }

  void onEndOfTranslationUnit(ASTContext &ast) override {
    FenceSummaries summaries(ast);
    // Each thread's own copy of a flags object (a Lamport all-reduce's
    // per-thread flag state) is not data handed to other blocks.
    const ClassSet privateClasses = threadPrivateClasses(functions_);
    std::vector<std::unique_ptr<FunctionModel>> models;
    for (const FunctionDecl *fn : functions_) {
      auto m = std::make_unique<FunctionModel>(fn, ast, summaries, privateClasses);
      if (m->build()) models.push_back(std::move(m));
    }
    // What device code writes, and which locations are locks.
    std::set<std::string> written, locks;
    for (const auto &m : models) {
      for (const Access &s : m->stores()) written.insert(s.root.key);
      written.insert(m->rmwKeys().begin(), m->rmwKeys().end());
      locks.insert(m->lockKeys().begin(), m->lockKeys().end());
    }
    written.erase("");
    // Flags: observed locations that gate reads of written data.
    for (const auto &m : models)
      for (unsigned o = 0; o < m->observations().size(); ++o) {
        const Observation &obs = m->observations()[o];
        if (!isSignalObservation(*m, o, locks)) continue;
        for (unsigned u : m->gatedUses(o)) {
          const Access &use = m->uses()[u];
          if (use.root.key == obs.root.key || !written.count(use.root.key)) continue;
          flags_[obs.root.key].emplace(use.root.key, Consumer{&obs, &use});
        }
      }
    for (const auto &m : models) {
      for (const Signal &s : m->signals()) checkSignal(*m, s, locks);
      for (unsigned o = 0; o < m->observations().size(); ++o) checkObservation(*m, o, locks);
    }
  }

private:
  struct Consumer {
    const Observation *obs;
    const Access *use;
  };

  static bool isSignalObservation(const FunctionModel &m, unsigned o, const std::set<std::string> &locks) {
    const Observation &obs = m.observations()[o];
    return !locks.count(obs.root.key) && !(obs.rmw && m.indexes(o)) && !m.gatedUses(o).empty();
  }

  // Writer: data stores that reach a signal with no fence between.
  void checkSignal(const FunctionModel &m, const Signal &sig, const std::set<std::string> &locks) {
    auto flag = flags_.find(sig.root.key);
    if (flag == flags_.end() || locks.count(sig.root.key)) return;
    const SourceManager &sm = context().sources();
    const Access *best = nullptr;
    for (const Access &st : m.stores()) {
      if (st.root.key == sig.root.key || !flag->second.count(st.root.key)) continue;
      if (!m.reachesWithoutFence(st.pos, sig.pos, /*writer=*/true)) continue;
      // The closest store before the signal in the source, else the first.
      bool before = sm.isBeforeInTranslationUnit(st.stmt->getBeginLoc(), sig.stmt->getBeginLoc());
      if (!best || (before && (!sm.isBeforeInTranslationUnit(best->stmt->getBeginLoc(), sig.stmt->getBeginLoc()) ||
                               sm.isBeforeInTranslationUnit(best->stmt->getBeginLoc(), st.stmt->getBeginLoc()))))
        best = &st;
    }
    if (!best) return;
    const std::string &data = best->root.name;
    const std::string &flagName = sig.root.name;
    FindingBuilder f = diag(sig.stmt->getBeginLoc(),
                            sig.what + " signals other blocks that '" + data +
                                "' is ready, but no fence orders the store to '" + data +
                                "' before it: a block that sees the new '" + flagName + "' can read stale '" + data +
                                "'; add __threadfence() before the signal");
    f.note(best->stmt->getBeginLoc(), "the store to '" + data + "' that the signal may overtake");
    const Consumer &c = flag->second.at(best->root.key);
    f.note(c.use->stmt->getBeginLoc(), "'" + data + "' is read here once " + c.obs->what + " says it is ready");
    insertFence(f, sig.stmt, best->stmt);
  }

  // Reader: plain loads of published data after the observation with no
  // fence between.
  void checkObservation(const FunctionModel &m, unsigned o, const std::set<std::string> &locks) {
    const Observation &obs = m.observations()[o];
    if (obs.ordered || !isSignalObservation(m, o, locks)) return;
    auto flag = flags_.find(obs.root.key);
    if (flag == flags_.end()) return;
    const SourceManager &sm = context().sources();
    const Access *first = nullptr;
    for (unsigned u : m.gatedUses(o)) {
      const Access &use = m.uses()[u];
      if (!use.plainLoad || !flag->second.count(use.root.key) || flags_.count(use.root.key)) continue;
      if (!m.reachesWithoutFence(obs.pos, use.pos, /*writer=*/false)) continue;
      if (!first || sm.isBeforeInTranslationUnit(use.stmt->getBeginLoc(), first->stmt->getBeginLoc())) first = &use;
    }
    if (!first || !reported_.insert(first->stmt).second) return;
    const std::string &data = first->root.name;
    FindingBuilder f = diag(first->stmt->getBeginLoc(),
                            "'" + data + "' is read after " + obs.what +
                                " said it is ready, but no fence orders the two reads: this one can return data "
                                "older than the signal; add __threadfence() before it");
    f.severity(Severity::Warning);
    f.note(obs.stmt->getBeginLoc(), obs.what + " is observed here");
    insertFence(f, first->stmt, obs.stmt);
  }

  // Fix-it: __threadfence(); before the statement (of a compound statement)
  // that contains `at`, when that statement does not also contain `other`
  // (the other end of the path) and is not a loop whose condition has `at`.
  void insertFence(FindingBuilder &f, const Stmt *at, const Stmt *other) {
    ASTContext &ast = context().ast();
    const Stmt *cur = at;
    const Stmt *stmt = nullptr;
    for (int depth = 0; depth < 64 && !stmt; ++depth) {
      DynTypedNodeList parents = ast.getParents(*cur);
      if (parents.empty()) return;
      const Stmt *p = parents[0].get<Stmt>();
      if (!p || isa<LambdaExpr>(p)) return;
      if (isa<WhileStmt>(p) || isa<DoStmt>(p) || isa<ForStmt>(p)) {
        const Stmt *body = isa<WhileStmt>(p) ? cast<WhileStmt>(p)->getBody()
                           : isa<DoStmt>(p)  ? cast<DoStmt>(p)->getBody()
                                             : cast<ForStmt>(p)->getBody();
        if (cur != body) return; // in the loop's condition or increment
      }
      if (isa<CompoundStmt>(p)) stmt = cur;
      cur = p;
    }
    if (!stmt) return;
    const SourceManager &sm = context().sources();
    SourceLocation begin = stmt->getBeginLoc();
    if (begin.isMacroID() || (other && sm.isBeforeInTranslationUnit(begin, other->getBeginLoc()) &&
                              sm.isBeforeInTranslationUnit(other->getBeginLoc(), stmt->getEndLoc())) ||
        (other && begin == other->getBeginLoc()))
      return;
    bool invalid = false;
    llvm::StringRef line = sm.getBufferData(sm.getFileID(begin), &invalid);
    if (invalid) return;
    unsigned offset = sm.getFileOffset(begin);
    size_t lineStart = line.rfind('\n', offset ? offset - 1 : 0);
    lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
    llvm::StringRef indent = line.slice(lineStart, offset);
    std::string text = indent.find_first_not_of(" \t") == llvm::StringRef::npos
                           ? "__threadfence();\n" + indent.str()
                           : "__threadfence(); ";
    f.fixit(CharSourceRange::getCharRange(begin, begin), text);
  }

  std::set<const FunctionDecl *> seen_;
  std::vector<const FunctionDecl *> functions_;
  // flag key -> data key -> one consumer (observation and gated read).
  std::map<std::string, std::map<std::string, Consumer>> flags_;
  std::set<const Stmt *> reported_;
};

} // namespace

CheckFactory fenceMissingCheck() { return checkFactory<FenceMissingCheck>(rule::FenceMissing); }

} // namespace warpcheck
