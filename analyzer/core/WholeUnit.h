#pragma once
// A RecursiveASTVisitor over every top-level declaration of the unit, system
// headers included, whatever traversal scope the pass has set
// (UserCodeScope.h): `TraverseDecl(ast.getTranslationUnitDecl())` visits the
// scope only. For the rules' own visitors that need the whole unit (a
// device function of a header that calls the user's code, a launch
// anywhere), so that limiting the matchers and the parent map to the user's
// code changes nothing they see.
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"

namespace warpcheck {

// What RecursiveASTVisitor::TraverseDecl does on the TranslationUnitDecl
// when the scope is the whole unit (TraverseDeclContextHelper), minus
// visiting the TranslationUnitDecl itself: no caller has a Visit*Decl that
// would see it.
template <class Visitor> void traverseWholeUnit(Visitor &v, clang::ASTContext &ast) {
  for (clang::Decl *d : ast.getTranslationUnitDecl()->decls()) {
    // Traversed through the expressions that hold them, as RecursiveASTVisitor does.
    if (llvm::isa<clang::BlockDecl, clang::CapturedDecl>(d)) continue;
    if (const auto *rd = llvm::dyn_cast<clang::CXXRecordDecl>(d); rd && rd->isLambda()) continue;
    if (!v.TraverseDecl(d)) return;
  }
}

} // namespace warpcheck
