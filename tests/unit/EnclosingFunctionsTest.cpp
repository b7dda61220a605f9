// EnclosingFunctions (analyzer/core/EnclosingFunctions.h): the index of the
// function around each statement must give, for every statement, what the
// parent map gives: clang's forFunction and hasAncestor(functionDecl())
// matchers, and the first-parent walk ProgramUniformity::enclosingFunction
// did. Compared on every statement of a unit with nested lambdas, template
// instantiations, default arguments and member initializers, and statements
// outside any function; the subtle cases are spelled out too.
#include "analyzer/core/EnclosingFunctions.h"
#include "analyzer/core/UserCodeScope.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "analyzer/cuda/DeviceCode.h" // after the matchers: it defines one
#include "tests/unit/ParsedCuda.h"
#include <gtest/gtest.h>
#include <set>
#include <vector>

using namespace warpcheck;
using namespace clang;
using namespace clang::ast_matchers;

namespace {

const char *kCode = R"(
  template <int N> __device__ int down(int v) { return __shfl_down_sync(0xffffffffu, v, N); }

  __device__ unsigned pick(unsigned v, unsigned mask = __activemask()) { return v & mask; }

  struct Snapshot {
    unsigned lanes = __activemask() + 1u;
    unsigned other;
    __device__ Snapshot() : other(__popc(__activemask())) {}
  };

  int host_global = sizeof(int) * 3 + 1;

  __global__ void __launch_bounds__(128 + 0) kernel_a(int *out) {
    int v = out[threadIdx.x];
    auto outer = [=] __device__(int x) {
      auto inner = [x, m = __activemask()] __device__() { return __shfl_sync(m, x, 0); };
      return inner() + down<1>(x);
    };
    decltype(__activemask()) d = pick(v);
    Snapshot s;
    out[threadIdx.x] = outer(v) + down<2>(v) + d + s.lanes + s.other;
  }

  __global__ void kernel_b(int *out) {
    out[0] = pick(out[1]) + down<1>(out[2]);
  }

  void host_caller(int *p) {
    auto f = [p](int i) { return p[i] + sizeof(decltype(p[0])); };
    p[0] = f(1);
  }
)";

// Every statement the parent map holds: a traversal with its options over
// the traversal scope.
struct AllStatements : RecursiveASTVisitor<AllStatements> {
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitStmt(Stmt *s) {
    all.push_back(s);
    return true;
  }
  std::vector<const Stmt *> all;
};

std::vector<const Stmt *> statements(ASTContext &ast) {
  AllStatements v;
  v.TraverseAST(ast);
  return v.all;
}

// ProgramUniformity::enclosingFunction before the index: the first parent
// each time, through statements and declarations only.
const FunctionDecl *firstParentWalk(ASTContext &ast, const Stmt *s) {
  DynTypedNodeList parents = ast.getParents(*s);
  while (!parents.empty()) {
    DynTypedNode p = parents[0];
    if (const auto *fd = p.get<FunctionDecl>()) return fd;
    if (const auto *st = p.get<Stmt>()) parents = ast.getParents(*st);
    else if (const auto *d = p.get<Decl>()) parents = ast.getParents(*d);
    else break;
  }
  return nullptr;
}

template <class M> const FunctionDecl *bound(const M &matcher, ASTContext &ast, const Stmt *s) {
  return selectFirst<FunctionDecl>("fn", match(stmt(matcher), *s, ast));
}

bool always(const FunctionDecl *) { return true; }
bool onDevice(const FunctionDecl *fd) { return runsOnDevice(fd); }

std::string where(ASTContext &ast, const Stmt *s) {
  return std::string(s->getStmtClassName()) + " at " + s->getBeginLoc().printToString(ast.getSourceManager());
}

// Compares the index with the parent map on every statement; returns how
// many were compared.
size_t compareEverywhere(ASTContext &ast) {
  EnclosingFunctions index(ast);
  size_t n = 0;
  for (const Stmt *s : statements(ast)) {
    ++n;
    EXPECT_EQ(index.firstParentFunction(s), firstParentWalk(ast, s)) << where(ast, s);
    EXPECT_EQ(index.forFunction(s, always), bound(forFunction(functionDecl().bind("fn")), ast, s)) << where(ast, s);
    EXPECT_EQ(index.forFunction(s, onDevice), bound(forFunction(functionDecl(isDeviceFunction()).bind("fn")), ast, s))
        << where(ast, s);
    EXPECT_EQ(index.nearestFunction(s), bound(hasAncestor(functionDecl().bind("fn")), ast, s)) << where(ast, s);
  }
  return n;
}

const CallExpr *call(ASTContext &ast, const std::string &name, const std::string &in) {
  return selectFirst<CallExpr>(
      "c", match(callExpr(callee(functionDecl(hasName(name))), hasAncestor(functionDecl(hasName(in)))).bind("c"),
                 ast));
}

std::string nameOf(const FunctionDecl *fd) {
  if (!fd) return "(none)";
  if (const auto *m = dyn_cast<CXXMethodDecl>(fd); m && m->getParent()->isLambda()) return "lambda";
  std::string name = fd->getNameAsString();
  if (fd->getTemplateSpecializationArgs()) name += "<>";
  return name;
}

} // namespace

TEST(EnclosingFunctions, SameAsTheParentMapOnEveryStatement) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  EXPECT_GT(compareEverywhere(ast), 1000u); // the whole unit: the toolkit's headers too
}

TEST(EnclosingFunctions, SameAsTheParentMapInTheUserScope) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  UserCodeScope scope(ast, /*everything=*/false); // as the rules run
  size_t n = compareEverywhere(ast);
  EXPECT_GT(n, 50u);
  EXPECT_LT(n, 1000u);
}

TEST(EnclosingFunctions, NestedLambdas) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  UserCodeScope scope(ast, false);
  EnclosingFunctions index(ast);
  // The shuffle in the inner lambda's body: the inner call operator.
  const auto *shfl = call(ast, "__shfl_sync", "kernel_a");
  ASSERT_NE(shfl, nullptr);
  const FunctionDecl *inner = index.firstParentFunction(shfl);
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(nameOf(inner), "lambda");
  EXPECT_EQ(index.forFunction(shfl, onDevice), inner);
  EXPECT_EQ(index.nearestFunction(shfl), inner);
  // The inner lambda itself is in the outer one, whose operator is in kernel_a.
  auto found = match(lambdaExpr(hasAncestor(functionDecl(hasName("kernel_a")))).bind("l"), ast);
  ASSERT_EQ(found.size(), 2u);
  const auto *first = found[0].getNodeAs<LambdaExpr>("l"), *second = found[1].getNodeAs<LambdaExpr>("l");
  const LambdaExpr *outerL = first->getBeginLoc() < second->getBeginLoc() ? first : second;
  const LambdaExpr *innerL = outerL == first ? second : first;
  EXPECT_EQ(inner, innerL->getCallOperator());
  EXPECT_EQ(index.firstParentFunction(innerL), outerL->getCallOperator());
  EXPECT_EQ(nameOf(index.firstParentFunction(outerL)), "kernel_a");
  // A capture's initializer (`m = __activemask()`): forFunction takes the
  // lambda for its call operator; the first-parent walk and hasAncestor go
  // past the LambdaExpr to the outer lambda's operator.
  const CallExpr *snapshot = nullptr;
  for (const BoundNodes &b : match(callExpr(callee(functionDecl(hasName("__activemask"))),
                                            hasAncestor(lambdaExpr(equalsNode(innerL))))
                                       .bind("c"),
                                   ast))
    snapshot = b.getNodeAs<CallExpr>("c");
  ASSERT_NE(snapshot, nullptr);
  EXPECT_EQ(index.forFunction(snapshot, always), innerL->getCallOperator());
  EXPECT_EQ(index.firstParentFunction(snapshot), outerL->getCallOperator());
  EXPECT_EQ(index.nearestFunction(snapshot), outerL->getCallOperator());
  // A lambda without attributes in a host function: clang makes its call
  // operator __host__ __device__ (CUDA mode), so forFunction(device) binds it.
  const auto *sub = selectFirst<ArraySubscriptExpr>(
      "e", match(arraySubscriptExpr(hasIndex(ignoringImpCasts(declRefExpr(to(parmVarDecl(hasName("i")))))),
                                    hasAncestor(functionDecl(hasName("host_caller"))))
                     .bind("e"),
                 ast));
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(nameOf(index.firstParentFunction(sub)), "lambda");
  EXPECT_EQ(index.forFunction(sub, onDevice), index.firstParentFunction(sub));
  // Its host caller itself is not device code: a statement directly in it is in none.
  const auto *assign = selectFirst<BinaryOperator>(
      "a", match(binaryOperator(isAssignmentOperator(), hasAncestor(functionDecl(hasName("host_caller"))),
                                unless(hasAncestor(lambdaExpr())))
                     .bind("a"),
                 ast));
  ASSERT_NE(assign, nullptr);
  EXPECT_EQ(nameOf(index.firstParentFunction(assign)), "host_caller");
  EXPECT_EQ(index.forFunction(assign, onDevice), nullptr);
}

TEST(EnclosingFunctions, TemplateInstantiations) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  UserCodeScope scope(ast, false);
  EnclosingFunctions index(ast);
  // One shuffle in the pattern and one in each instance (down<1>, down<2>):
  // each in its own function.
  std::set<const FunctionDecl *> seen;
  unsigned instances = 0;
  auto found = match(callExpr(callee(functionDecl(hasName("__shfl_down_sync")))).bind("c"), ast);
  for (const BoundNodes &b : found) {
    const auto *c = b.getNodeAs<CallExpr>("c");
    const FunctionDecl *fn = index.firstParentFunction(c);
    ASSERT_NE(fn, nullptr);
    EXPECT_EQ(fn->getName(), "down");
    EXPECT_EQ(index.forFunction(c, always), fn);
    EXPECT_EQ(index.nearestFunction(c), fn);
    if (seen.insert(fn).second) instances += fn->getTemplateSpecializationArgs() != nullptr;
  }
  EXPECT_EQ(seen.size(), 3u);
  EXPECT_EQ(instances, 2u);
}

TEST(EnclosingFunctions, DefaultArgumentsAndMemberInitializers) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  UserCodeScope scope(ast, false);
  EnclosingFunctions index(ast);
  const auto *pick = selectFirst<FunctionDecl>("f", match(functionDecl(hasName("pick"), isDefinition()).bind("f"), ast));
  ASSERT_NE(pick, nullptr);
  const Expr *def = pick->getParamDecl(1)->getDefaultArg();
  const auto *snapshot = dyn_cast<CallExpr>(def->IgnoreImplicit());
  ASSERT_NE(snapshot, nullptr);
  // Its parents: the parameter (under pick's TypeLoc), then the default
  // argument of each call (kernel_a, kernel_b). The first-parent walk stops
  // at the TypeLoc: no function. forFunction tries the last parent first:
  // kernel_b's call. hasAncestor takes the nearest in breadth: pick.
  EXPECT_EQ(index.firstParentFunction(snapshot), nullptr);
  EXPECT_EQ(nameOf(index.forFunction(snapshot, onDevice)), "kernel_b");
  EXPECT_EQ(nameOf(index.nearestFunction(snapshot)), "pick");
  // A default member initializer: its field, then each constructor that
  // uses it (Snapshot's, implicit in kernel_a's `Snapshot s`).
  const auto *field = selectFirst<FieldDecl>("f", match(fieldDecl(hasName("lanes")).bind("f"), ast));
  ASSERT_NE(field, nullptr);
  const auto *init = field->getInClassInitializer();
  ASSERT_NE(init, nullptr);
  EXPECT_EQ(index.firstParentFunction(init), nullptr); // the field is outside any function
  EXPECT_EQ(nameOf(index.forFunction(init, always)), "Snapshot");
  // A constructor's initializer list is in the constructor.
  const auto *popc = call(ast, "__popc", "Snapshot");
  ASSERT_NE(popc, nullptr);
  EXPECT_EQ(nameOf(index.firstParentFunction(popc)), "Snapshot");
  EXPECT_EQ(nameOf(index.forFunction(popc, onDevice)), "Snapshot");
}

TEST(EnclosingFunctions, StatementsOutsideFunctions) {
  PARSE(p, kCode);
  ASTContext &ast = p.unit->getASTContext();
  // Found before the scope is set: a toolkit function the scope leaves out.
  const auto *toolkit = selectFirst<FunctionDecl>(
      "f", match(functionDecl(hasName("__shfl_sync"), hasBody(stmt())).bind("f"), ast));
  ASSERT_NE(toolkit, nullptr);
  UserCodeScope scope(ast, false);
  EnclosingFunctions index(ast);
  // A global's initializer: no function at all.
  const auto *global = selectFirst<VarDecl>("v", match(varDecl(hasName("host_global")).bind("v"), ast));
  ASSERT_NE(global, nullptr);
  const Expr *init = global->getInit();
  ASSERT_NE(init, nullptr);
  EXPECT_EQ(index.firstParentFunction(init), nullptr);
  EXPECT_EQ(index.forFunction(init, always), nullptr);
  EXPECT_EQ(index.nearestFunction(init), nullptr);
  // An attribute's argument (__launch_bounds__(128 + 0)): on the kernel for
  // the matchers, none for the first-parent walk, which stops at the
  // attribute.
  const auto *plus = selectFirst<BinaryOperator>(
      "b", match(binaryOperator(hasOperatorName("+"), hasLHS(integerLiteral(equals(128)))).bind("b"), ast));
  ASSERT_NE(plus, nullptr);
  EXPECT_EQ(index.firstParentFunction(plus), nullptr);
  EXPECT_EQ(nameOf(index.forFunction(plus, onDevice)), "kernel_a");
  // `decltype(__activemask()) d` in kernel_a: under a TypeLoc the same way.
  const auto *unevaluated = selectFirst<CallExpr>(
      "c", match(callExpr(callee(functionDecl(hasName("__activemask"))), hasAncestor(varDecl(hasName("d"))),
                          unless(hasAncestor(parmVarDecl()))) // not pick's default argument, under `d` too
                     .bind("c"),
                 ast));
  ASSERT_NE(unevaluated, nullptr);
  EXPECT_EQ(index.firstParentFunction(unevaluated), nullptr);
  EXPECT_EQ(nameOf(index.nearestFunction(unevaluated)), "kernel_a");
  // A statement outside the traversal scope (the toolkit's) is in none.
  EXPECT_EQ(index.firstParentFunction(toolkit->getBody()), nullptr);
  EXPECT_EQ(index.forFunction(toolkit->getBody(), always), nullptr);
  EXPECT_EQ(index.nearestFunction(toolkit->getBody()), nullptr);
}
