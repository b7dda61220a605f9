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
    auto [it, inserted] = out_.index_.try_emplace(s, cur_.nearest, 0);
    if (inserted) {
      if (cur_.first != cur_.nearest || cur_.callable != cur_.nearest) {
        it->second.setInt(kOther);
        out_.other_[s] = {cur_.first, cur_.callable};
      }
    } else if (!(it->second.getInt() & kPaths) && (it->second.getPointer() != cur_.nearest || callable(it->second, s) != cur_.callable)) {
      it->second.setInt(it->second.getInt() | kPaths);
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

const EnclosingFunctions::Slot *EnclosingFunctions::find(const Stmt *s) {
  build();
  auto it = index_.find(s);
  return it == index_.end() ? nullptr : &it->second;
}

static void verified(bool same, const char *what, const Stmt *s, ASTContext &ast) {
  if (same) return;
  std::string where = s->getBeginLoc().printToString(ast.getSourceManager());
  llvm::report_fatal_error(llvm::Twine("EnclosingFunctions::") + what + " differs from the parent map at " + where);
}

const FunctionDecl *EnclosingFunctions::firstParentFunction(const Stmt *s) {
  const FunctionDecl *fn = nullptr;
  if (const Slot *slot = find(s)) fn = slot->getInt() & kOther ? other_.find(s)->second.first : slot->getPointer();
  if (verify_) verified(fn == firstParentFunctionInParentMap(s), "firstParentFunction", s, ast_);
  return fn;
}

const FunctionDecl *EnclosingFunctions::forFunction(const Stmt *s,
                                                    llvm::function_ref<bool(const FunctionDecl *)> accepts) {
  const FunctionDecl *fn = nullptr;
  if (const Slot *slot = find(s)) {
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
  if (const Slot *slot = find(s)) fn = slot->getInt() & kPaths ? nearestFunctionInParentMap(s) : slot->getPointer();
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
