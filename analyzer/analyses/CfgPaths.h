#pragma once
// Path questions over one function's CFG, statement by statement: "can
// control go from A to B without passing X?", "can anything from here on
// be X?", "which definitions reach here?". Built with the
// options of the uniformity analysis, so every call is its own element.
#include "clang/AST/Decl.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>
#include <memory>
#include <vector>

namespace warpcheck {

class CfgPaths {
public:
  CfgPaths(const clang::FunctionDecl *fn, clang::ASTContext &ast);
  bool valid() const { return cfg_ != nullptr; }

  using StmtPred = std::function<bool(const clang::Stmt *)>;

  // Whether `to` can run after `from` on a path (loops included) on which
  // no element between them satisfies `stop`. `to` may also be a branch
  // statement (an if, a loop), reached when its condition is decided.
  bool reaches(const clang::Stmt *from, const clang::Stmt *to, const StmtPred &stop) const;

  // Whether the function can return after `from` on a path on which no
  // element satisfies `stop`.
  bool reachesExit(const clang::Stmt *from, const StmtPred &stop) const;

  // Whether some element reachable from the start of `start` satisfies `pred`.
  bool anyReachable(const clang::CFGBlock *start, const StmtPred &pred) const;

  // The successors of the block that `branch` (an if/loop/&&/||/?:
  // statement) terminates: [0] the true side, [1] the false side.
  std::vector<const clang::CFGBlock *> branchSuccessors(const clang::Stmt *branch) const;

  // Walking backwards from `at`, the first element on each path that
  // satisfies `def`; `reachedEntry` is set when a path reaches the entry
  // without one.
  std::vector<const clang::Stmt *> nearestBefore(const clang::Stmt *at, const StmtPred &def,
                                                 bool &reachedEntry) const;

  bool contains(const clang::Stmt *s) const { return where_.count(s); }

private:
  // From `from`, whether a path with no `stop` element reaches `to` or the
  // end of block `goal` (either may be null).
  bool walk(const clang::Stmt *from, const clang::Stmt *to, const clang::CFGBlock *goal, const StmtPred &stop) const;
  struct Position {
    const clang::CFGBlock *block;
    unsigned index;
  };
  std::unique_ptr<clang::CFG> cfg_;
  llvm::DenseMap<const clang::Stmt *, Position> where_;
  llvm::DenseMap<const clang::Stmt *, const clang::CFGBlock *> terminated_;
};

} // namespace warpcheck
