#pragma once
// Helpers shared by the __CUDA_ARCH__ rules (arch-dependent-signature,
// -instantiation, -definition, arch-macro-in-host-code): where an entity sits
// as plain data, how entities are named across passes, and which side of the
// host/device split a function is on.
#include "analyzer/checks/CheckContext.h"
#include "analyzer/checks/PassFacts.h"
#include "reports/model/Finding.h"
#include "reports/model/RuleCatalog.h"
#include "rules/RuleIds.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <functional>
#include <string>
#include <vector>

namespace warpcheck::arch {

// A source location as facts keep it: the AST is gone when passes are compared.
struct Site {
  SourceRange where;
  bool inSystemHeader = false;
};

inline Site siteOf(const CheckContext &ctx, clang::SourceLocation loc) {
  Site s;
  s.where = ctx.toRange(loc);
  const clang::SourceManager &sm = ctx.sources();
  s.inSystemHeader = loc.isValid() && sm.isInSystemHeader(sm.getExpansionLoc(loc));
  return s;
}

// Cross-pass findings are built outside any pass, so they apply the
// system-header filter that CheckContext::isReportable applies in a pass.
inline bool reportable(const Site &s, const AnalysisOptions &opts) {
  return s.where.valid() && (opts.systemHeaders || !s.inSystemHeader);
}

inline Finding makeFinding(const RuleId &rule, const Site &at, std::string message) {
  Finding f;
  f.rule = rule.id;
  f.severity = rule.severity;
  f.message = std::move(message);
  f.where = at.where;
  return f;
}

// "the host pass", "the sm_80 pass", "the sm_80 and sm_90 passes".
inline std::string passPhrase(const std::vector<std::string> &names) {
  std::string out = "the ";
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out + (names.size() == 1 ? " pass" : " passes");
}

// The name that identifies an entity across passes: qualified, with the
// template arguments of a specialization printed canonically, so that a
// typedef spelled differently in two passes still names one entity.
inline std::string entityName(const clang::NamedDecl *d) {
  clang::PrintingPolicy policy(d->getASTContext().getLangOpts());
  policy.PrintAsCanonical = true;
  policy.SuppressTagKeyword = true;
  std::string s;
  llvm::raw_string_ostream os(s);
  d->getNameForDiagnostic(os, policy, /*Qualified=*/true);
  return s;
}

inline std::string typeName(clang::QualType t, const clang::ASTContext &ast) {
  clang::PrintingPolicy policy(ast.getLangOpts());
  policy.SuppressTagKeyword = true;
  return t.getCanonicalType().getAsString(policy);
}

// Clang marks lambdas without execution-space attributes implicitly
// __host__ __device__; nvcc gives them the space of the enclosing function.
// Follow nvcc so that a lambda inside a host function counts as host code.
inline const clang::FunctionDecl *executionSpaceOwner(const clang::FunctionDecl *fd) {
  while (fd) {
    const auto *md = llvm::dyn_cast<clang::CXXMethodDecl>(fd);
    if (!md || !md->getParent()->isLambda()) return fd;
    bool explicitSpace = false;
    for (const clang::Attr *a : fd->attrs())
      if ((llvm::isa<clang::CUDAHostAttr>(a) || llvm::isa<clang::CUDADeviceAttr>(a) ||
           llvm::isa<clang::CUDAGlobalAttr>(a)) && !a->isImplicit())
        explicitSpace = true;
    if (explicitSpace) return fd;
    const clang::DeclContext *dc = md->getParent()->getDeclContext();
    while (dc && !llvm::isa<clang::FunctionDecl>(dc)) dc = dc->getParent();
    if (!dc) return nullptr; // a lambda at namespace scope: host code
    fd = llvm::cast<clang::FunctionDecl>(dc);
  }
  return nullptr;
}

// Compiled for the host only: no __device__ and not __global__. A null
// function (namespace-scope code) is host code.
inline bool isHostOnly(const clang::FunctionDecl *fd) {
  fd = executionSpaceOwner(fd);
  return !fd || (!fd->hasAttr<clang::CUDADeviceAttr>() && !fd->hasAttr<clang::CUDAGlobalAttr>());
}

// Has a host side: host-only or __host__ __device__ (not __device__-only,
// not __global__).
inline bool runsOnHost(const clang::FunctionDecl *fd) {
  fd = executionSpaceOwner(fd);
  if (!fd) return true;
  if (fd->hasAttr<clang::CUDAGlobalAttr>()) return false;
  return !fd->hasAttr<clang::CUDADeviceAttr>() || fd->hasAttr<clang::CUDAHostAttr>();
}

// A `__managed__` variable. Clang honours the `managed` attribute for HIP
// only; in CUDA mode it drops it, so look for the keyword as written.
inline bool isManagedVariable(const clang::VarDecl *vd) {
  if (vd->hasAttr<clang::HIPManagedAttr>()) return true;
  if (!vd->isFileVarDecl() && !vd->isStaticDataMember()) return false;
  const clang::SourceManager &sm = vd->getASTContext().getSourceManager();
  clang::SourceLocation b = sm.getExpansionLoc(vd->getBeginLoc());
  clang::SourceLocation e = sm.getExpansionLoc(vd->getLocation());
  if (b.isInvalid() || e.isInvalid() || sm.getFileID(b) != sm.getFileID(e)) return false;
  unsigned from = sm.getFileOffset(b), to = sm.getFileOffset(e);
  if (to < from || to - from > 512) return false;
  bool invalid = false;
  llvm::StringRef text = sm.getBufferData(sm.getFileID(b), &invalid);
  return !invalid && text.substr(from, to - from).contains("__managed__");
}

// Calls `fn` on every declaration at namespace or class scope, looking
// through namespaces, linkage specifications and class definitions (but not
// into function bodies, where no kernel or device variable can be declared).
inline void forEachScopeDecl(const clang::DeclContext *dc,
                             const std::function<void(const clang::Decl *)> &fn) {
  for (const clang::Decl *d : dc->decls()) {
    fn(d);
    if (const auto *ns = llvm::dyn_cast<clang::NamespaceDecl>(d))
      forEachScopeDecl(ns, fn);
    else if (const auto *ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d))
      forEachScopeDecl(ls, fn);
    else if (const auto *ex = llvm::dyn_cast<clang::ExportDecl>(d))
      forEachScopeDecl(ex, fn);
    else if (const auto *rd = llvm::dyn_cast<clang::CXXRecordDecl>(d))
      if (rd->isThisDeclarationADefinition() && !rd->isLambda()) forEachScopeDecl(rd, fn);
  }
}

} // namespace warpcheck::arch
