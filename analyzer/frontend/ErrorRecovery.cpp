#include "analyzer/frontend/ErrorRecovery.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

namespace warpcheck {
namespace {

class BodiesWithErrors : public clang::RecursiveASTVisitor<BodiesWithErrors> {
public:
  BodiesWithErrors(const clang::SourceManager &sm, const std::vector<clang::SourceLocation> &errors)
      : sm_(sm), errors_(errors) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitFunctionDecl(clang::FunctionDecl *fd) {
    clang::Stmt *body = fd->getBody();
    if (!body || !fd->doesThisDeclarationHaveABody()) return true;
    if (fd->isInvalidDecl() || containsError(body->getSourceRange())) found.push_back(fd);
    return true;
  }

  std::vector<clang::FunctionDecl *> found;

private:
  bool containsError(clang::SourceRange r) const {
    clang::SourceLocation b = sm_.getFileLoc(r.getBegin()), e = sm_.getFileLoc(r.getEnd());
    if (b.isInvalid() || e.isInvalid()) return false;
    for (clang::SourceLocation loc : errors_)
      if (loc.isValid() && sm_.isPointWithin(loc, b, e)) return true;
    return false;
  }

  const clang::SourceManager &sm_;
  const std::vector<clang::SourceLocation> &errors_;
};

} // namespace

unsigned emptyFunctionsWithErrors(clang::ASTContext &ast, const std::vector<clang::SourceLocation> &errors) {
  std::vector<clang::SourceLocation> fileLocs;
  for (clang::SourceLocation loc : errors)
    if (loc.isValid()) fileLocs.push_back(ast.getSourceManager().getFileLoc(loc));
  BodiesWithErrors visitor(ast.getSourceManager(), fileLocs);
  visitor.TraverseDecl(ast.getTranslationUnitDecl());
  // After the traversal: emptying a body while visiting it would cut the
  // walk short of the lambdas and local classes inside.
  for (clang::FunctionDecl *fd : visitor.found) {
    clang::SourceRange r = fd->getBody()->getSourceRange();
    fd->setBody(clang::CompoundStmt::Create(ast, {}, clang::FPOptionsOverride(), r.getBegin(), r.getEnd()));
  }
  return visitor.found.size();
}

} // namespace warpcheck
