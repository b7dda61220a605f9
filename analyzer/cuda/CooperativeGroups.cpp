#include "analyzer/cuda/CooperativeGroups.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSwitch.h"

namespace warpcheck {

using namespace clang;

bool inCgNamespace(const Decl *d, CgDetails details) {
  bool cg = false;
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc)) {
      if (details == CgDetails::Excluded && ns->getName() == "details") return false;
      if (ns->getName() == "cooperative_groups") cg = true;
    }
  return cg;
}

namespace {

bool isHandleType(const Expr *e) {
  const auto *rd = e->getType().getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return rd && inCgNamespace(rd, CgDetails::Excluded);
}

const Expr *stripHandle(const Expr *e) {
  for (int i = 0; e && i < 16; ++i) {
    const Expr *next = e->IgnoreParenImpCasts();
    if (const auto *mte = dyn_cast<MaterializeTemporaryExpr>(next)) next = mte->getSubExpr();
    else if (const auto *bte = dyn_cast<CXXBindTemporaryExpr>(next)) next = bte->getSubExpr();
    else if (const auto *ewc = dyn_cast<ExprWithCleanups>(next)) next = ewc->getSubExpr();
    else if (const auto *ce = dyn_cast<CXXConstructExpr>(next); ce && ce->getNumArgs() >= 1 && isHandleType(ce->getArg(0)))
      next = ce->getArg(0); // a copy, or a converting constructor
    else if (const auto *mc = dyn_cast<CXXMemberCallExpr>(next);
             mc && isa_and_nonnull<CXXConversionDecl>(mc->getMethodDecl()) && isHandleType(mc->getImplicitObjectArgument()))
      next = mc->getImplicitObjectArgument(); // thread_block_tile<32, thread_block> to thread_block_tile<32>
    if (next == e) return e;
    e = next;
  }
  return e;
}

// The group a class type stands for, without what only the handle's
// definition tells (thread_group's size).
CgGroup groupOfType(QualType t) {
  CgGroup g;
  const auto *rd = t.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || !inCgNamespace(rd, CgDetails::Excluded)) return g;
  llvm::StringRef name = rd->getName();
  g.kind = llvm::StringSwitch<CgGroup::Kind>(name)
               .Case("thread_block", CgGroup::Block)
               .Case("thread_block_tile", CgGroup::Tile)
               .Case("coalesced_group", CgGroup::Coalesced)
               .Case("grid_group", CgGroup::Grid)
               .Case("cluster_group", CgGroup::Cluster)
               .Case("thread_group", CgGroup::Generic)
               .Default(CgGroup::None);
  if (g.kind != CgGroup::Tile) return g;
  const auto *spec = dyn_cast<ClassTemplateSpecializationDecl>(rd);
  if (!spec || spec->getTemplateArgs().size() < 1) return g;
  const TemplateArgumentList &args = spec->getTemplateArgs();
  if (args[0].getKind() == TemplateArgument::Integral) g.size = unsigned(args[0].getAsIntegral().getZExtValue());
  if (args.size() >= 2 && args[1].getKind() == TemplateArgument::Type) {
    CgGroup parent = groupOfType(args[1].getAsType());
    if (parent.kind == CgGroup::Tile) {
      g.parentSize = parent.size;
      g.coalescedParent = parent.coalescedParent;
    } else if (parent.kind == CgGroup::Coalesced) {
      g.coalescedParent = true;
    }
  }
  return g;
}

bool isCreation(const CallExpr *call) {
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->getDeclName().isIdentifier() || !inCgNamespace(fd, CgDetails::Excluded)) return false;
  return llvm::StringSwitch<bool>(fd->getName())
      .Cases({"coalesced_threads", "tiled_partition", "labeled_partition", "binary_partition"}, true)
      .Cases({"this_thread_block", "this_grid", "this_cluster", "this_thread"}, true)
      .Default(false);
}

CgGroup groupOf(const Expr *handle, int depth) {
  handle = stripHandle(handle);
  CgGroup g = groupOfType(handle->getType());
  if (g.kind == CgGroup::None || depth > 8) return g;
  const Expr *def = handle;
  if (const auto *dre = dyn_cast<DeclRefExpr>(handle)) {
    const auto *v = dyn_cast<VarDecl>(dre->getDecl());
    if (!v) return g;
    g.var = v;
    // Group handles cannot be reassigned (thread_group's assignment is not
    // public; the guide asks for handles initialised at declaration): the
    // initialiser is the definition.
    if (isa<ParmVarDecl>(v) || !v->hasLocalStorage() || !v->getInit()) return g;
    def = stripHandle(v->getInit());
    if (isa<DeclRefExpr>(def)) {
      // A copy of another handle: the same group.
      CgGroup src = groupOf(def, depth + 1);
      if (src.kind == CgGroup::None || (g.kind != CgGroup::Generic && g.kind != src.kind)) return g;
      src.var = v;
      return src;
    }
  }
  const auto *call = dyn_cast<CallExpr>(def);
  if (!call || !isCreation(call)) return g;
  g.creation = call;
  if (g.kind != CgGroup::Generic) return g;
  // thread_group t = tiled_partition(parent, n): a tile of n threads.
  const FunctionDecl *fd = call->getDirectCallee();
  if (fd->getName() == "this_thread_block") {
    g.kind = CgGroup::Block;
  } else if (fd->getName() == "tiled_partition" && call->getNumArgs() == 2) {
    Expr::EvalResult r;
    const ASTContext &ast = fd->getASTContext();
    CgGroup parent = groupOf(call->getArg(0), depth + 1);
    if (!call->getArg(1)->isValueDependent() && call->getArg(1)->EvaluateAsInt(r, ast) &&
        (parent.kind == CgGroup::Block || parent.kind == CgGroup::Tile)) {
      g.kind = CgGroup::Tile;
      g.size = unsigned(r.Val.getInt().getZExtValue());
      g.parentSize = parent.kind == CgGroup::Tile ? parent.size : 0;
      g.coalescedParent = parent.kind == CgGroup::Tile && parent.coalescedParent;
    }
  }
  return g;
}

} // namespace

CgGroup cgGroupOf(const Expr *handle) { return handle ? groupOf(handle, 0) : CgGroup{}; }

CgGroup cgGroupOfParam(const ParmVarDecl *p) {
  CgGroup g = groupOfType(p->getType());
  if (g.kind != CgGroup::None) g.var = p;
  return g;
}

bool cgContains(const CgGroup &outer, const CgGroup &inner, unsigned warpSize) {
  if (outer.kind == CgGroup::None || inner.kind == CgGroup::None) return false;
  if (outer.var && outer.var == inner.var) return true;
  if (outer.creation && outer.creation == inner.creation) return true;
  switch (outer.kind) {
  case CgGroup::Grid: return true;
  case CgGroup::Block:
  case CgGroup::Cluster:
    return inner.kind == CgGroup::Block || inner.kind == CgGroup::Tile || inner.kind == CgGroup::Coalesced;
  case CgGroup::Tile:
    if (outer.coalescedParent || !outer.size) return false;
    if (inner.kind == CgGroup::Tile && !inner.coalescedParent) return inner.size && inner.size <= outer.size;
    // A coalesced group lies within one warp, which a tile of a warp or
    // more contains whole.
    return inner.withinWarp(warpSize) && outer.size >= warpSize;
  default: return false;
  }
}

CgCall cgCallOf(const CallExpr *call) {
  CgCall c;
  const FunctionDecl *fd = call->getDirectCallee();
  if (!fd || !fd->getDeclName().isIdentifier()) return c;
  llvm::StringRef name = fd->getName();
  const Expr *object = nullptr;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(call)) object = mc->getImplicitObjectArgument();
  else if (const auto *me = dyn_cast<MemberExpr>(call->getCallee()->IgnoreParenImpCasts()); me && isa<CXXMethodDecl>(fd))
    object = me->getBase(); // a static member called through a handle: tile.sync()
  using R = CgCall::Result;
  struct Op { bool collective; R result; bool known; };
  Op op{false, R::Varies, false};
  if (object) {
    // Through the derived-to-base cast to the class that declares the member.
    object = stripHandle(object);
    if (groupOfType(object->getType()).kind == CgGroup::None) return c;
    op = llvm::StringSwitch<Op>(name)
             .Cases({"sync", "barrier_arrive", "barrier_wait"}, {true, R::Varies, true})
             .Case("shfl", {true, R::Broadcast, true})
             .Cases({"shfl_up", "shfl_down", "shfl_xor", "match_any"}, {true, R::Varies, true})
             .Cases({"any", "all", "ballot", "match_all"}, {true, R::Same, true})
             .Case("thread_rank", {false, R::Rank, true})
             .Case("meta_group_rank", {false, R::MetaRank, true})
             .Cases({"size", "num_threads"}, {false, R::Size, true})
             .Case("meta_group_size", {false, R::MetaSize, true})
             .Cases({"dim_threads", "group_dim", "group_index", "is_valid", "get_type"}, {false, R::Same, true})
             .Default(op);
    if (!op.known) return c;
    c.group = object;
    if (op.result == R::Broadcast && call->getNumArgs() >= 2) c.source = call->getArg(1);
  } else {
    if (!inCgNamespace(fd, CgDetails::Excluded) || call->getNumArgs() < 1) return c;
    op = llvm::StringSwitch<Op>(name)
             .Cases({"sync", "memcpy_async", "wait", "wait_prior", "invoke_one"}, {true, R::Varies, true})
             .Cases({"reduce_update_async", "reduce_store_async"}, {true, R::Varies, true})
             .Cases({"inclusive_scan", "exclusive_scan", "inclusive_scan_update", "exclusive_scan_update"},
                    {true, R::Varies, true})
             .Cases({"labeled_partition", "binary_partition"}, {true, R::Varies, true})
             .Cases({"reduce", "invoke_one_broadcast"}, {true, R::Same, true})
             .Case("thread_rank", {false, R::Rank, true})
             .Cases({"group_size", "num_threads"}, {false, R::Size, true})
             .Default(op);
    if (!op.known || groupOfType(stripHandle(call->getArg(0))->getType()).kind == CgGroup::None) return c;
    c.group = stripHandle(call->getArg(0));
  }
  c.isCg = true;
  c.collective = op.collective;
  c.result = op.result;
  c.name = name.str();
  // The grid's and the cluster's results are about blocks, not threads of
  // one group: only their sizes are the same for every member.
  CgGroup::Kind k = groupOfType(c.group->getType()).kind;
  if ((k == CgGroup::Grid || k == CgGroup::Cluster) && c.result != R::Size) c.result = R::Varies;
  return c;
}

std::string cgGroupTypeName(const CgGroup &g) {
  switch (g.kind) {
  case CgGroup::Block: return "thread_block";
  case CgGroup::Tile: return g.size ? "thread_block_tile<" + std::to_string(g.size) + ">" : "thread_block_tile";
  case CgGroup::Coalesced: return "coalesced_group";
  case CgGroup::Grid: return "grid_group";
  case CgGroup::Cluster: return "cluster_group";
  case CgGroup::Generic: return "thread_group";
  case CgGroup::None: break;
  }
  return "group";
}

} // namespace warpcheck
