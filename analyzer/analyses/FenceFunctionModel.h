#pragma once
// The publication model of fence-missing: per device function, its CFG,
// the global stores and loads of data, the writes that may signal other
// blocks that data is ready (relaxed atomics, volatile flag stores), the
// reads that observe such a signal, which data accesses each observation
// gates, and whether a path between two of them passes a fence. The rule
// (checks/FenceMissingCheck.cpp) decides from these models, across the
// functions of the TU, which signals publish data without a fence.
#include "analyzer/analyses/MemoryOps.h"
#include "clang/AST/ASTContext.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/BitVector.h"
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace warpcheck {
namespace fence {

// An element of a function's CFG: block id, index in the block.
struct Pos {
  unsigned block = 0, index = 0;
};

// A non-atomic store to global memory, or a load/call that uses its data.
struct Access {
  const clang::Stmt *stmt;
  Pos pos;
  MemRoot root;
  bool plainLoad = false; // a non-volatile load (the reader half reports only these)
};

// A write that may tell other threads that data is ready: a relaxed
// read-modify-write, or a volatile or relaxed atomic store of a flag.
struct Signal {
  const clang::Stmt *stmt;
  Pos pos;
  MemRoot root;
  std::string what; // "'atomicInc' on 'count'"
};

// A read whose value may tell this thread that data is ready.
struct Observation {
  const clang::Stmt *stmt;
  Pos pos;
  MemRoot root;
  std::string what;     // "the result of 'atomicInc' on 'count'"
  bool rmw = false;     // the result of a read-modify-write
  bool ordered = false; // acquire or stronger: needs no fence
};

// Whether a call may execute a fence: the callee's body has one (or an
// ordering atomic), or it has no body and is not a builtin or a system
// header declaration (libdevice, vprintf): an extern device function of
// separate compilation may fence, and assuming it does reports nothing.
class FenceSummaries {
public:
  explicit FenceSummaries(clang::ASTContext &ast) : ast_(ast) {}
  bool mayFence(const clang::FunctionDecl *fd);

private:
  bool scan(const clang::Stmt *s);

  clang::ASTContext &ast_;
  std::map<const clang::FunctionDecl *, bool> state_;
};

// One device function: its CFG, what each element does, and which
// observations decide which data accesses.
class FunctionModel {
public:
  FunctionModel(const clang::FunctionDecl *fn, clang::ASTContext &ast, FenceSummaries &summaries,
                const ClassSet &privateClasses)
      : fn_(fn), ast_(ast), summaries_(summaries), roots_(fn, &privateClasses) {}

  bool build();

  const clang::FunctionDecl *decl() const { return fn_; }
  const std::vector<Access> &stores() const { return stores_; }
  const std::vector<Access> &uses() const { return uses_; }
  const std::vector<Signal> &signals() const { return signals_; }
  const std::vector<Observation> &observations() const { return observations_; }
  const std::set<std::string> &lockKeys() const { return lockKeys_; }
  const std::set<std::string> &rmwKeys() const { return rmwKeys_; }
  // Observations whose value is used as an index or offset: slot
  // allocation and work distribution, not a signal.
  bool indexes(unsigned obs) const { return indexUsed_.count(obs); }
  // The data accesses that run only when the observation's branch goes
  // one way (uses_ indices).
  const std::vector<unsigned> &gatedUses(unsigned obs) const { return gated_[obs]; }

  // Whether `from` reaches `to` along some path without a fence that
  // orders earlier writes (writer) or later reads (reader).
  bool reachesWithoutFence(Pos from, Pos to, bool writer) const;

private:
  void classify(const clang::Stmt *s, Pos pos, bool &killW, bool &killR);
  void onStore(const clang::Stmt *s, const clang::Expr *lhs, const clang::Expr *rhs, Pos pos);
  void onLoad(const clang::ImplicitCastExpr *load, Pos pos);
  void onCall(const clang::CallExpr *call, Pos pos);
  void onAtomic(const clang::Stmt *s, const AtomicOp &a, Pos pos);
  void addObservation(Observation o);

  // Whether the value of an atomic is used (`old = atomicExch(...)`), not
  // discarded as an expression statement -- also the whole body of an `if`
  // or a loop without braces (`if (t == 0) atomicExch(&ready[row], 1);`).
  bool resultUsed(const clang::Stmt *s) const;

  // ---- which observations reach which branch conditions ---------------------

  // The observations an expression's value derives from: the observation
  // expressions in it, and the variables they were stored to.
  void sourcesIn(const clang::Stmt *s, std::set<unsigned> &out) const;
  void computeTaint();

  // An access is gated by an observation when it is reachable from the side
  // of a branch that the thread takes once the signal is seen, but not from
  // the other side (without coming back through the branch): inside `if
  // (last) {...}`, after `if (!last) return;`, after a spin loop. The side
  // where a flag reads 0 (`if (*abort) return;` continuing) is not one.
  void computeGating();

  // The side of a two-way branch on `cond` that the thread takes when
  // observation `o` saw the signal: 1 true, 0 false, -1 either. A flag is
  // set when non-zero; a counter signals when it equals, or reaches, the
  // value it is compared with.
  int signalledSide(const clang::Expr *cond, unsigned o) const;

  llvm::BitVector reachableAvoiding(const clang::CFGBlock *start, const clang::CFGBlock *avoid) const;

  const clang::FunctionDecl *fn_;
  clang::ASTContext &ast_;
  FenceSummaries &summaries_;
  MemRoots roots_;
  std::unique_ptr<clang::CFG> cfg_;
  std::vector<const clang::CFGBlock *> blocks_;
  std::vector<std::vector<bool>> killW_, killR_; // per block, per element
  std::vector<Access> stores_, uses_;
  std::vector<Signal> signals_;
  std::vector<Observation> observations_;
  std::map<const clang::Stmt *, unsigned> obsIndex_;
  std::map<const clang::ValueDecl *, std::set<unsigned>> taint_;
  std::set<unsigned> indexUsed_;
  std::vector<std::vector<unsigned>> gated_;
  std::set<std::string> lockKeys_, rmwKeys_;
};

} // namespace fence
} // namespace warpcheck
