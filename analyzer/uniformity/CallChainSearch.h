#pragma once
// What calling a function may execute, through the helpers it calls.
//
// Interprocedural rules ask one question of a callee: may calling it run a
// statement of some kind (a block barrier, a warp collective naming the
// whole warp), directly or down a chain of calls? This walks each body once,
// follows direct calls to their definitions, remembers the answer per
// definition, and keeps the chain of calls down to the statement so that a
// finding can show it as notes. A subclass says which statements are the
// target and which calls are followed.
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include <map>
#include <string>
#include <vector>

namespace warpcheck {

// A step of an interprocedural chain: "calls f here", then "barrier here".
struct ChainStep {
  clang::SourceLocation loc;
  std::string message;
};

class CallChainSearch {
public:
  virtual ~CallChainSearch() = default;

  // Whether calling `fn` may execute a target statement; `chain` receives
  // the calls down to it, the target's own step last. A function that calls
  // itself finds nothing more through the recursive call.
  bool reaches(const clang::FunctionDecl *fn, std::vector<ChainStep> *chain = nullptr);

  // What a call or inline-assembly statement of a searched body is.
  struct Site {
    enum Kind {
      Ignore, // neither a target nor followed (its operands still are)
      Target, // the statement searched for; `note` is its step's message
      Follow, // a call whose callee's definition is searched in turn
    } kind = Ignore;
    std::string note;
  };

protected:
  // Whether the body of `def` (a definition with a body) is searched at
  // all; one that is not reaches nothing.
  virtual bool searches(const clang::FunctionDecl *def) { return true; }
  // Classifies `s`, a CallExpr or GCCAsmStmt in the body of `within`.
  virtual Site classify(const clang::Stmt *s, const clang::FunctionDecl *within) = 0;

private:
  struct Summary {
    bool found = false; // false too while its body is walked (recursion)
    std::vector<ChainStep> chain;
  };
  std::map<const clang::FunctionDecl *, Summary> summaries_;
};

} // namespace warpcheck
