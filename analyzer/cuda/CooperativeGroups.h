#pragma once
// What the analysis knows about cooperative groups (<cooperative_groups.h>
// and its reduce/scan/memcpy_async headers): which threads a group handle
// names, which calls are collectives of a group, and which results are the
// same for every member. Matched by type and name, like CudaBuiltins: the
// toolkit's bodies hide this behind masks and type switches that the
// dataflow analysis cannot see through.
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <cstdint>
#include <string>

namespace warpcheck {

// Whether `d` is declared inside namespace cooperative_groups (in any
// inline version namespace). The public API is not in its `details`
// implementation namespace: with CgDetails::Excluded a declaration there is
// not in the namespace; with Included (a call into the toolkit's
// implementation of cooperative groups, whatever it is) it is.
enum class CgDetails { Excluded, Included };
bool inCgNamespace(const clang::Decl *d, CgDetails details);
// The matcher for a declaration of cooperative groups, details included:
// `hasAncestor(namespaceDecl(hasName("cooperative_groups")))` without the
// parent map, which covers the user's code only (core/UserCodeScope.h).
AST_MATCHER(clang::Decl, isInCooperativeGroups) { return inCgNamespace(&Node, CgDetails::Included); }

struct CgGroup {
  enum Kind : uint8_t { None, Block, Tile, Coalesced, Grid, Cluster, Generic };
  Kind kind = None;
  // Tile: threads per tile (0: not a constant). A tile of a thread block or
  // of another tile is a run of `size` consecutive thread ranks.
  unsigned size = 0;
  // Tile: the size of its thread_block_tile parent (0: the block, or not known).
  unsigned parentSize = 0;
  // Tile partitioned from a coalesced group: ranks among the active threads.
  bool coalescedParent = false;
  // The handle's variable (local or parameter), when the handle is one.
  const clang::VarDecl *var = nullptr;
  // The call that created the group (coalesced_threads(), tiled_partition(),
  // labeled_partition(), ...), following copies; null for a parameter.
  const clang::Expr *creation = nullptr;

  // All members are lanes of one warp.
  bool withinWarp(unsigned warpSize) const {
    return kind == Coalesced || (kind == Tile && (coalescedParent || (size && size <= warpSize)));
  }
  // Whose membership is the set of threads active at its creation.
  bool byActivity() const { return kind == Coalesced || (kind == Tile && coalescedParent); }
};

// The group a handle expression (`tile`, `cg::this_thread_block()`, a
// parameter) names: from its type, and for a type-erased thread_group from
// the tiled_partition(parent, n) that initialised it.
CgGroup cgGroupOf(const clang::Expr *handle);
// The group a parameter of a group type names, as seen inside its function.
CgGroup cgGroupOfParam(const clang::ParmVarDecl *p);

// Whether every member of `inner` is a member of `outer` (so a value the
// same across `outer` is the same across `inner`). Tiles are assumed to be
// partitions of the same block.
bool cgContains(const CgGroup &outer, const CgGroup &inner, unsigned warpSize);

// What a call of the cooperative groups API does with its group.
struct CgCall {
  // How the result relates to the group's members.
  enum Result : uint8_t {
    Varies,        // may differ between members (shfl_down, inclusive_scan, ...)
    Same,          // the same for every member (any, all, ballot, reduce, size())
    Broadcast,     // shfl(v, src): the same when `src` is
    Rank,          // thread_rank()
    MetaRank,      // meta_group_rank(): the same for every member
    Size,          // size(), num_threads()
    MetaSize,      // meta_group_size()
  };
  bool isCg = false;
  bool collective = false;              // every member must call it
  Result result = Varies;
  const clang::Expr *group = nullptr;   // the handle the call is on
  const clang::Expr *source = nullptr;  // Broadcast: the source rank
  std::string name;                     // "shfl", "reduce"
};
CgCall cgCallOf(const clang::CallExpr *call);

// "thread_block_tile<32>", "coalesced_group", "thread_block"
std::string cgGroupTypeName(const CgGroup &g);

} // namespace warpcheck
