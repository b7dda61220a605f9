#include "analyzer/core/EnclosingFunctions.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/Support/ErrorHandling.h"
#include <cstdlib>
#include <vector>

namespace warpcheck {

using namespace clang;

namespace {

// The three answers at one point of the traversal, for the statements below.
struct Around {
  const FunctionDecl *first = nullptr;    // nearest FunctionDecl, none past a TypeLoc/attribute
  const FunctionDecl *callable = nullptr; // nearest FunctionDecl or lambda's call operator
  const FunctionDecl *nearest = nullptr;  // nearest FunctionDecl
};

} // namespace

// The parent map's traversal (clang/lib/AST/ParentMapContext.cpp,
// ParentMap::ASTVisitor): the same visitor options, and the same nodes
// pushed as parents (declarations, statements, TypeLocs, nested name
// specifiers, attributes, concept references), so that the path to each
// statement is the chain of parents the map records for it.
class EnclosingFunctions::Builder : public RecursiveASTVisitor<Builder> {
  using Base = RecursiveASTVisitor<Builder>;

public:
  Builder(EnclosingFunctions &out) : out_(out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *d) {
    if (!d) return true;
    Around saved = cur_;
    if (auto *fd = dyn_cast<FunctionDecl>(d)) cur_ = {fd, fd, fd};
    bool ok = Base::TraverseDecl(d);
    cur_ = saved;
    return ok;
  }
  // A parent that is neither a statement nor a declaration: the parent-map
  // walk of ProgramUniformity::enclosingFunction stops there.
  bool TraverseTypeLoc(TypeLoc tl, bool traverseQualifier = true) {
    if (!tl) return true;
    return below([&] { return Base::TraverseTypeLoc(tl, traverseQualifier); });
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc nns) {
    if (!nns) return true;
    return below([&] { return Base::TraverseNestedNameSpecifierLoc(nns); });
  }
  bool TraverseAttr(Attr *a) {
    if (!a) return true;
    return below([&] { return Base::TraverseAttr(a); });
  }
  bool TraverseConceptReference(ConceptReference *cr) {
    if (!cr) return true;
    return below([&] { return Base::TraverseConceptReference(cr); });
  }
  bool TraverseObjCProtocolLoc(ObjCProtocolLoc loc) {
    return below([&] { return Base::TraverseObjCProtocolLoc(loc); });
  }

  // Statements, as the parent map records them (data recursion kept).
  bool dataTraverseStmtPre(Stmt *s) {
    Block &b = *out_.block(s, true);
    uintptr_t bit = bitOf(s);
    uint64_t &word = b.reached[bit / 64];
    uint64_t mask = uint64_t(1) << (bit % 64);
    if (!(word & mask)) {
      word |= mask;
      ++out_.count_;
      Slot slot(cur_.nearest, 0);
      if (cur_.first != cur_.nearest || cur_.callable != cur_.nearest) {
        slot.setInt(kOther);
        out_.other_[s] = {cur_.first, cur_.callable};
      }
      if (b.slot == unset()) b.slot = slot; // the block's first statement
      else if (slot != b.slot) out_.exceptions_[s] = slot;
    } else {
      auto it = out_.exceptions_.find(s);
      Slot slot = it == out_.exceptions_.end() ? b.slot : it->second;
      if (!(slot.getInt() & kPaths) && (slot.getPointer() != cur_.nearest || callable(slot, s) != cur_.callable)) {
        slot.setInt(slot.getInt() | kPaths);
        out_.exceptions_[s] = slot;
      }
    }
    stack_.push_back(cur_);
    if (auto *le = dyn_cast<LambdaExpr>(s)) cur_.callable = le->getCallOperator();
    return true;
  }
  bool dataTraverseStmtPost(Stmt *) {
    cur_ = stack_.back();
    stack_.pop_back();
    return true;
  }

private:
  template <class F> bool below(F &&traverse) {
    Around saved = cur_;
    cur_.first = nullptr;
    bool ok = traverse();
    cur_ = saved;
    return ok;
  }
  const FunctionDecl *callable(Slot slot, const Stmt *s) {
    return slot.getInt() & kOther ? out_.other_.find(s)->second.callable : slot.getPointer();
  }

  EnclosingFunctions &out_;
  Around cur_;
  std::vector<Around> stack_;
};

void EnclosingFunctions::build() {
  if (built_) return;
  built_ = true;
  verify_ = std::getenv("WARPCHECK_VERIFY_ENCLOSING_FUNCTIONS") != nullptr;
  Builder(*this).TraverseAST(ast_);
}

EnclosingFunctions::Block *EnclosingFunctions::block(const Stmt *s, bool create) {
  uintptr_t key = reinterpret_cast<uintptr_t>(s) >> kBlockBits;
  if (key == lastKey_) return &blocks_[lastBlock_];
  unsigned index;
  if (create) {
    auto [it, fresh] = blockIndex_.try_emplace(key, blocks_.size());
    if (fresh) {
      // The block's slot is that of its first statement, which the caller
      // reaches next.
      blocks_.emplace_back();
      blocks_.back().slot = unset();
    }
    index = it->second;
  } else {
    auto it = blockIndex_.find(key);
    if (it == blockIndex_.end()) return nullptr;
    index = it->second;
  }
  lastKey_ = key;
  lastBlock_ = index;
  return &blocks_[index];
}

std::optional<EnclosingFunctions::Slot> EnclosingFunctions::find(const Stmt *s) {
  build();
  const Block *b = block(s, false);
  if (!b || !isReached(*b, s)) return std::nullopt;
  auto it = exceptions_.find(s);
  return it == exceptions_.end() ? b->slot : it->second;
}

static void verified(bool same, const char *what, const Stmt *s, ASTContext &ast) {
  if (same) return;
  std::string where = s->getBeginLoc().printToString(ast.getSourceManager());
  llvm::report_fatal_error(llvm::Twine("EnclosingFunctions::") + what + " differs from the parent map at " + where);
}

const FunctionDecl *EnclosingFunctions::firstParentFunction(const Stmt *s) {
  const FunctionDecl *fn = nullptr;
  if (std::optional<Slot> slot = find(s)) fn = slot->getInt() & kOther ? other_.find(s)->second.first : slot->getPointer();
  if (verify_) verified(fn == firstParentFunctionInParentMap(s), "firstParentFunction", s, ast_);
  return fn;
}

const FunctionDecl *EnclosingFunctions::forFunction(const Stmt *s,
                                                    llvm::function_ref<bool(const FunctionDecl *)> accepts) {
  const FunctionDecl *fn = nullptr;
  if (std::optional<Slot> slot = find(s)) {
    if (slot->getInt() & kPaths) {
      fn = forFunctionInParentMap(s, accepts);
    } else {
      fn = slot->getInt() & kOther ? other_.find(s)->second.callable : slot->getPointer();
      if (fn && !accepts(fn)) fn = nullptr;
    }
  }
  if (verify_) verified(fn == forFunctionInParentMap(s, accepts), "forFunction", s, ast_);
  return fn;
}

const FunctionDecl *EnclosingFunctions::nearestFunction(const Stmt *s) {
  const FunctionDecl *fn = nullptr;
  if (std::optional<Slot> slot = find(s)) fn = slot->getInt() & kPaths ? nearestFunctionInParentMap(s) : slot->getPointer();
  if (verify_) verified(fn == nearestFunctionInParentMap(s), "nearestFunction", s, ast_);
  return fn;
}

// clang's forFunction (ASTMatchers.h), with `accepts` for its inner matcher.
const FunctionDecl *EnclosingFunctions::forFunctionInParentMap(const Stmt *s,
                                                               llvm::function_ref<bool(const FunctionDecl *)> accepts) {
  DynTypedNodeList parents = ast_.getParents(*s);
  llvm::SmallVector<DynTypedNode, 8> stack(parents.begin(), parents.end());
  while (!stack.empty()) {
    DynTypedNode node = stack.pop_back_val();
    if (const auto *fd = node.get<FunctionDecl>()) {
      if (accepts(fd)) return fd;
    } else if (const auto *le = node.get<LambdaExpr>()) {
      if (accepts(le->getCallOperator())) return le->getCallOperator();
    } else {
      llvm::append_range(stack, ast_.getParents(node));
    }
  }
  return nullptr;
}

const FunctionDecl *EnclosingFunctions::nearestFunctionInParentMap(const Stmt *s) {
  using namespace clang::ast_matchers;
  return selectFirst<FunctionDecl>("fn", match(stmt(hasAncestor(functionDecl().bind("fn"))), *s, ast_));
}

// ProgramUniformity::enclosingFunction as it was: the first parent each time.
const FunctionDecl *EnclosingFunctions::firstParentFunctionInParentMap(const Stmt *s) {
  DynTypedNodeList parents = ast_.getParents(*s);
  while (!parents.empty()) {
    const DynTypedNode &p = parents[0];
    if (const auto *fd = p.get<FunctionDecl>()) return fd;
    if (const auto *st = p.get<Stmt>()) parents = ast_.getParents(*st);
    else if (const auto *d = p.get<Decl>()) {
      if (const auto *fd = dyn_cast<FunctionDecl>(d)) return fd;
      parents = ast_.getParents(*d);
    } else break;
  }
  return nullptr;
}

} // namespace warpcheck
