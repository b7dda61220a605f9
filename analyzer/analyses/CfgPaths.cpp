#include "analyzer/analyses/CfgPaths.h"
#include "llvm/ADT/BitVector.h"

namespace warpcheck {

using namespace clang;

CfgPaths::CfgPaths(const FunctionDecl *fn, ASTContext &ast) {
  if (!fn || !fn->getBody()) return;
  CFG::BuildOptions opts;
  opts.setAllAlwaysAdd();
  opts.AddImplicitDtors = false;
  opts.AddTemporaryDtors = false;
  opts.AddCXXDefaultInitExprInCtors = true;
  cfg_ = CFG::buildCFG(fn, fn->getBody(), &ast, opts);
  if (!cfg_) return;
  for (const CFGBlock *b : *cfg_) {
    unsigned i = 0;
    for (const CFGElement &el : *b) {
      if (auto cs = el.getAs<CFGStmt>()) where_.try_emplace(cs->getStmt(), Position{b, i});
      ++i;
    }
    if (const Stmt *t = b->getTerminatorStmt()) terminated_.try_emplace(t, b);
  }
}

static const Stmt *stmtAt(const CFGBlock *b, unsigned i) {
  if (auto cs = (*b)[i].getAs<CFGStmt>()) return cs->getStmt();
  return nullptr;
}

bool CfgPaths::reaches(const Stmt *from, const Stmt *to, const StmtPred &stop) const {
  // `to` may be a branch: reached at the end of the block it terminates.
  const CFGBlock *branchBlock = nullptr;
  if (!where_.count(to)) {
    auto t = terminated_.find(to);
    if (t == terminated_.end()) return false;
    branchBlock = t->second;
  }
  return walk(from, to, branchBlock, stop);
}

bool CfgPaths::reachesExit(const Stmt *from, const StmtPred &stop) const {
  return cfg_ && walk(from, nullptr, &cfg_->getExit(), stop);
}

bool CfgPaths::walk(const Stmt *from, const Stmt *to, const CFGBlock *goal, const StmtPred &stop) const {
  auto f = where_.find(from);
  if (f == where_.end()) return false;
  llvm::BitVector entered(cfg_->getNumBlockIDs());
  // (block, first index to scan)
  std::vector<std::pair<const CFGBlock *, unsigned>> work{{f->second.block, f->second.index + 1}};
  while (!work.empty()) {
    auto [b, start] = work.back();
    work.pop_back();
    bool blocked = false;
    for (unsigned i = start; i < b->size(); ++i) {
      const Stmt *s = stmtAt(b, i);
      if (!s) continue;
      if (s == to) return true; // never when `to` is null: s is not
      if (stop(s)) {
        blocked = true;
        break;
      }
    }
    if (blocked) continue;
    if (b == goal) return true;
    for (const CFGBlock *succ : b->succs())
      if (succ && !entered.test(succ->getBlockID())) {
        entered.set(succ->getBlockID());
        work.push_back({succ, 0});
      }
  }
  return false;
}

bool CfgPaths::anyReachable(const CFGBlock *start, const StmtPred &pred) const {
  if (!cfg_ || !start) return false;
  llvm::BitVector entered(cfg_->getNumBlockIDs());
  std::vector<const CFGBlock *> work{start};
  entered.set(start->getBlockID());
  while (!work.empty()) {
    const CFGBlock *b = work.back();
    work.pop_back();
    for (unsigned i = 0; i < b->size(); ++i)
      if (const Stmt *s = stmtAt(b, i); s && pred(s)) return true;
    for (const CFGBlock *succ : b->succs())
      if (succ && !entered.test(succ->getBlockID())) {
        entered.set(succ->getBlockID());
        work.push_back(succ);
      }
  }
  return false;
}

std::vector<const CFGBlock *> CfgPaths::branchSuccessors(const Stmt *branch) const {
  std::vector<const CFGBlock *> out;
  auto it = terminated_.find(branch);
  if (it == terminated_.end()) return out;
  for (const CFGBlock *succ : it->second->succs()) out.push_back(succ);
  return out;
}

std::vector<const Stmt *> CfgPaths::nearestBefore(const Stmt *at, const StmtPred &def, bool &reachedEntry) const {
  reachedEntry = false;
  std::vector<const Stmt *> out;
  auto a = where_.find(at);
  if (a == where_.end()) return out;
  llvm::BitVector entered(cfg_->getNumBlockIDs());
  // (block, one past the last index to scan, backwards)
  std::vector<std::pair<const CFGBlock *, unsigned>> work{{a->second.block, a->second.index}};
  const CFGBlock *entry = &cfg_->getEntry();
  while (!work.empty()) {
    auto [b, end] = work.back();
    work.pop_back();
    const Stmt *found = nullptr;
    for (unsigned i = end; i-- > 0;)
      if (const Stmt *s = stmtAt(b, i); s && def(s)) {
        found = s;
        break;
      }
    if (found) {
      if (std::find(out.begin(), out.end(), found) == out.end()) out.push_back(found);
      continue;
    }
    if (b == entry || b->pred_empty()) {
      reachedEntry = true;
      continue;
    }
    for (const CFGBlock *pred : b->preds())
      if (pred && !entered.test(pred->getBlockID())) {
        entered.set(pred->getBlockID());
        work.push_back({pred, static_cast<unsigned>(pred->size())});
      }
  }
  return out;
}

} // namespace warpcheck
