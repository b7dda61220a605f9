#include "analyzer/checks/DivergenceNotes.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

namespace warpcheck {

using namespace clang;

std::string levelAdjective(Divergence d) {
  switch (d) {
  case Divergence::Thread: return "thread-dependent";
  case Divergence::Warp: return "warp-dependent";
  case Divergence::Uniform: return "block-uniform";
  }
  return "thread-dependent";
}

static const char *branchKind(const Stmt *s) {
  if (!s) return "branch";
  if (isa<IfStmt>(s)) return "'if' condition";
  if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(s)) return "loop condition";
  if (isa<SwitchStmt>(s)) return "'switch' condition";
  if (const auto *bo = dyn_cast<BinaryOperator>(s)) return bo->getOpcode() == BO_LAnd ? "'&&' operand" : "'||' operand";
  if (isa<AbstractConditionalOperator>(s)) return "'?:' condition";
  return "branch";
}

void noteGuard(FindingBuilder &f, const Guard &g) {
  clang::SourceLocation at = g.condition ? g.condition->getBeginLoc()
                                         : (g.branch ? g.branch->getBeginLoc() : clang::SourceLocation());
  std::string why = g.level.origin ? " because it depends on " + g.level.origin->what : "";
  f.note(at, std::string("the ") + branchKind(g.branch) + " is " + levelAdjective(g.level.level) + why);
  if (g.level.origin && g.level.origin->loc.isValid() && g.level.origin->loc != at)
    f.note(g.level.origin->loc, g.level.origin->what + " is " + levelAdjective(g.level.level) + " here");
}

void noteChain(FindingBuilder &f, const std::vector<ChainStep> &chain) {
  for (const ChainStep &s : chain) f.note(s.loc, s.message);
}

const Guard *firstDivergentGuard(const std::vector<Guard> &guards, Divergence min) {
  for (const Guard &g : guards)
    if (g.level.level >= min) return &g;
  return nullptr;
}

} // namespace warpcheck
