#pragma once
// Whether a value or a branch is the same for every member of a cooperative
// group: the group-level counterpart of FunctionUniformity's levels.
//
// A value is the same across a group when FunctionUniformity's level is
// enough (block-uniform; warp-uniform for a group within one warp), when the
// lane model evaluates it for every thread and finds it constant on each
// group (tiles are runs of N consecutive thread ranks), or structurally: it
// is computed from results that are the same for every member of a group
// containing this one (meta_group_rank(), size(), any/all/ballot, reduce,
// shfl from a uniform source), from loads at such addresses, and from locals
// whose every definition is such a value made under such control.
#include "analyzer/cuda/CooperativeGroups.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "analyzer/uniformity/LaneModel.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace warpcheck {

class GroupUniformity {
public:
  // `nesting`: how many callers' analyses this one serves (summaries of
  // callees are computed with nested instances, up to a small depth).
  GroupUniformity(const FunctionUniformity &fu, unsigned warpSize, int nesting = 0);
  ~GroupUniformity();

  // Two threads of one group (threadIdx.x values, as the lane model numbers
  // them) for which an expression differs.
  struct Split {
    unsigned first, second;
  };
  struct Verdict {
    bool uniform = true;
    std::optional<Split> split; // when the lane model shows the difference
  };

  // Whether the branch `g` goes the same way for every member of `group`.
  Verdict guard(const Guard &g, const CgGroup &group);
  // Whether `e` (an rvalue) is the same for every member of `group`.
  bool value(const clang::Expr *e, const CgGroup &group);

  // The guards of the statement being checked: every thread that reaches it
  // took them, so a local defined under them is not split by them.
  void setSiteGuards(const std::vector<Guard> &guards);

  const LaneModel &lanes() const { return lanes_; }
  unsigned warpSize() const { return warpSize_; }

private:
  bool fits(const Uniformity &u, const CgGroup &group) const;
  // Evaluates `e` for every thread; nullopt when some thread cannot be
  // evaluated and none shows a difference.
  std::optional<Verdict> concrete(const clang::Expr *e, const CgGroup &group) const;
  bool load(const clang::Expr *lv, const CgGroup &group);
  bool call(const clang::CallExpr *c, const CgGroup &group);
  bool local(const clang::DeclRefExpr *use, const CgGroup &group);
  bool mayPointToLocal(const clang::Expr *e, int depth = 0);
  // Every value `def` returns is the same across the group of its parameter
  // `param` (a helper returning tile.shfl(v, 0) or cg::reduce(tile, ...)).
  bool returnsSameAcross(const clang::FunctionDecl *def, unsigned param);
  std::optional<int64_t> cgCallValue(const clang::CallExpr *c, unsigned tid) const;

  const FunctionUniformity &fu_;
  unsigned warpSize_;
  LaneModel lanes_;
  llvm::SmallPtrSet<const clang::Stmt *, 8> visiting_; // definitions being followed
  std::map<std::pair<const clang::Expr *, std::pair<const void *, unsigned>>, bool> memo_;
  int depth_ = 0;
  int nesting_;
  std::map<std::pair<const clang::FunctionDecl *, unsigned>, bool> returns_;
  std::set<std::pair<const clang::Stmt *, bool>> siteGuards_;
};

} // namespace warpcheck
