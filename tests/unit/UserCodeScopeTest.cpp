// The traversal scope the rules run under (analyzer/core/UserCodeScope.h):
// the parent map covers the user's code only, while the rules' whole-unit
// visitors (core/WholeUnit.h) and the cooperative-groups matcher still see
// the toolkit's headers.
#include "analyzer/core/UserCodeScope.h"
#include "analyzer/core/WholeUnit.h"
#include "analyzer/cuda/CooperativeGroups.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "tests/unit/ParsedCuda.h"
#include <gtest/gtest.h>

using namespace warpcheck;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

const char *kCode = R"(#include <cooperative_groups.h>
  namespace cg = cooperative_groups;
  __device__ int twice(int v) { return 2 * v; }
  __global__ void kernel(int *out) {
    cg::grid_group grid = cg::this_grid();
    out[threadIdx.x] = twice(threadIdx.x);
    grid.sync();
  })";

// The function the parent map places `s` in (the first parent each time).
const FunctionDecl *functionAbove(ASTContext &ast, const Stmt *s) {
  DynTypedNodeList parents = ast.getParents(*s);
  for (int depth = 0; depth < 64 && !parents.empty(); ++depth) {
    if (const auto *fd = parents[0].get<FunctionDecl>()) return fd;
    parents = ast.getParents(parents[0]);
  }
  return nullptr;
}

// How many definitions of functions named `name` a traversal visits.
struct CountDefinitions : RecursiveASTVisitor<CountDefinitions> {
  std::string name;
  unsigned count = 0;
  bool VisitFunctionDecl(FunctionDecl *fd) {
    count += fd->getIdentifier() && fd->getName() == name && fd->doesThisDeclarationHaveABody();
    return true;
  }
};

unsigned definitionsSeen(ASTContext &ast, const std::string &name, bool wholeUnit) {
  CountDefinitions v;
  v.name = name;
  if (wholeUnit) traverseWholeUnit(v, ast);
  else v.TraverseDecl(ast.getTranslationUnitDecl());
  return v.count;
}

} // namespace

TEST(UserCodeScope, ParentMapCoversTheUserCodeOnly) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  // Found before the scope is set: the matchers honour it too.
  const auto *call = selectFirst<CallExpr>("c", match(callExpr(callee(functionDecl(hasName("twice")))).bind("c"), ast));
  const auto *grid = selectFirst<CXXRecordDecl>(
      "r", match(cxxRecordDecl(hasName("grid_group"), isDefinition()).bind("r"), ast));
  ASSERT_NE(call, nullptr);
  ASSERT_NE(grid, nullptr);
  {
    UserCodeScope scope(ast, /*everything=*/false);
    const FunctionDecl *fn = functionAbove(ast, call);
    ASSERT_NE(fn, nullptr);
    EXPECT_EQ(fn->getName(), "kernel");
    // The toolkit's declarations are not in the parent map: hasAncestor
    // finds no namespace above grid_group; the DeclContext does.
    EXPECT_TRUE(ast.getParents(*grid).empty());
    EXPECT_TRUE(match(decl(hasAncestor(namespaceDecl(hasName("cooperative_groups")))), *grid, ast).empty());
    EXPECT_FALSE(match(decl(isInCooperativeGroups()), *grid, ast).empty());
  }
  // Out of the scope, the whole unit again.
  EXPECT_FALSE(ast.getParents(*grid).empty());
  EXPECT_FALSE(match(decl(hasAncestor(namespaceDecl(hasName("cooperative_groups")))), *grid, ast).empty());
}

TEST(UserCodeScope, WholeUnitVisitorsStillSeeTheHeaders) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  ASSERT_GE(definitionsSeen(ast, "this_grid", /*wholeUnit=*/false), 1u);
  UserCodeScope scope(ast, /*everything=*/false);
  EXPECT_EQ(definitionsSeen(ast, "this_grid", /*wholeUnit=*/false), 0u);
  EXPECT_GE(definitionsSeen(ast, "this_grid", /*wholeUnit=*/true), 1u);
  EXPECT_EQ(definitionsSeen(ast, "twice", /*wholeUnit=*/false), 1u);
  EXPECT_EQ(definitionsSeen(ast, "twice", /*wholeUnit=*/true), 1u);
}

TEST(UserCodeScope, SystemHeadersOptionKeepsTheWholeUnit) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  const auto *grid = selectFirst<CXXRecordDecl>(
      "r", match(cxxRecordDecl(hasName("grid_group"), isDefinition()).bind("r"), ast));
  ASSERT_NE(grid, nullptr);
  UserCodeScope scope(ast, /*everything=*/true); // --system-headers
  EXPECT_FALSE(ast.getParents(*grid).empty());
  EXPECT_GE(definitionsSeen(ast, "this_grid", /*wholeUnit=*/false), 1u);
}
