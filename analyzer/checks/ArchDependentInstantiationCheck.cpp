// arch-dependent-instantiation: host code launches k<T> (or takes its
// address for cudaLaunchKernel and friends), but some device pass never
// instantiates k<T>, so the device binary for that arch has no such kernel
// and the launch fails with cudaErrorInvalidDeviceFunction
// (CUDA C++ Programming Guide §5.4.7.1, constraint 2).
#include "analyzer/checks/ArchRuleSupport.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <map>
#include <set>

namespace warpcheck {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

class ArchDependentInstantiationCheck : public Check {
public:
  using Check::Check;
  // Host uses come from the matchers (host pass only); the specializations
  // each device pass has are collected in collectFacts.
  bool runsInHostPass() const override { return true; }
  bool runsInDevicePass() const override { return false; }
  void registerMatchers(clang::ast_matchers::MatchFinder &finder) override;
  void run(const clang::ast_matchers::MatchFinder::MatchResult &result) override;
  void check(const clang::ast_matchers::MatchFinder::MatchResult &result) override;
  void collectFacts(clang::ASTContext &ast, PassFacts &facts) override;
  static void comparePasses(const std::vector<const PassFacts *> &passes,
                            const AnalysisOptions &opts, std::vector<Finding> &out);

  struct Use {
    std::string kernel;   // "k<int>"
    std::string templ;    // "k"
    bool launch = false;  // <<<>>> (else: address taken)
    arch::Site site;
    SourceRange templateWhere; // the kernel template, for the note
  };

private:
  std::vector<Use> uses_;
  std::set<const Expr *> launchCallees_; // the kernel references launched
};

const RuleId &kRule = rule::ArchDependentInstantiation;

struct InstantiationFacts : FactsBase {
  // Kernel template specializations that exist in the pass, by template.
  std::map<std::string, std::set<std::string>> specializations;
  std::vector<ArchDependentInstantiationCheck::Use> hostUses; // host pass only
};

std::string joinQuoted(const std::set<std::string> &names) {
  std::string s;
  for (const std::string &n : names) s += (s.empty() ? "'" : ", '") + n + "'";
  return s;
}

} // namespace

void ArchDependentInstantiationCheck::registerMatchers(MatchFinder &finder) {
  // Every reference to a kernel: the callee of k<T><<<...>>> and any other
  // use (`(void *)k<T>`, `cudaLaunchKernel(k<T>, ...)`, `&k<T>`).
  // The function the reference is in (which was
  // `optionally(hasAncestor(functionDecl()))` here) is looked up in check();
  // whether it is the callee of a launch (which was
  // `optionally(hasParent(implicitCastExpr(hasParent(cudaKernelCallExpr()))))`)
  // comes from the launches, matched before the references below them.
  // Neither walks up the parent map from each reference.
  finder.addMatcher(declRefExpr(to(functionDecl(hasAttr(attr::CUDAGlobal)).bind("kernel"))).bind("ref"), this);
  finder.addMatcher(cudaKernelCallExpr().bind("launch"), this);
}

void ArchDependentInstantiationCheck::run(const MatchFinder::MatchResult &result) {
  // A launch `k<T><<<...>>>(...)` is visited before its callee: record the
  // kernel's reference right under the callee's implicit cast (the only
  // shape the parent matchers accepted, with the callee that reference).
  // Not a step of the rule, as the parent matchers were not.
  if (const auto *launch = result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch")) {
    if (const auto *cast = dyn_cast_or_null<ImplicitCastExpr>(launch->getCallee()))
      launchCallees_.insert(cast->getSubExpr());
    return;
  }
  Check::run(result);
}

void ArchDependentInstantiationCheck::check(const MatchFinder::MatchResult &result) {
  const auto *kernel = result.Nodes.getNodeAs<FunctionDecl>("kernel");
  const auto *ref = result.Nodes.getNodeAs<DeclRefExpr>("ref");
  const FunctionTemplateDecl *templ = kernel->getPrimaryTemplate();
  if (!templ) return; // not a template specialization
  // Device-side launches (dynamic parallelism) are compiled in device passes.
  if (!arch::runsOnHost(context().uniformity().enclosingFunctions().nearestFunction(ref))) return;
  Use use;
  use.kernel = arch::entityName(kernel);
  use.templ = arch::entityName(templ);
  use.launch = launchCallees_.count(ref) > 0;
  use.site = arch::siteOf(context(), ref->getBeginLoc());
  use.templateWhere = context().toRange(templ->getLocation());
  // The pattern of a host template and its instantiations share locations.
  for (const Use &u : uses_)
    if (u.kernel == use.kernel && u.site.where.line == use.site.where.line &&
        u.site.where.column == use.site.where.column && u.site.where.file == use.site.where.file)
      return;
  uses_.push_back(std::move(use));
}

void ArchDependentInstantiationCheck::collectFacts(ASTContext &ast, PassFacts &facts) {
  auto &out = facts.get<InstantiationFacts>(id());
  out.hostUses = std::move(uses_);
  arch::forEachScopeDecl(ast.getTranslationUnitDecl(), [&](const Decl *d) {
    const auto *ftd = dyn_cast<FunctionTemplateDecl>(d);
    if (!ftd || !ftd->isCanonicalDecl() || !ftd->getTemplatedDecl()->hasAttr<CUDAGlobalAttr>())
      return;
    auto &specs = out.specializations[arch::entityName(ftd)];
    for (const FunctionDecl *spec : ftd->specializations()) specs.insert(arch::entityName(spec));
  });
}

void ArchDependentInstantiationCheck::comparePasses(const std::vector<const PassFacts *> &passes,
                                                    const AnalysisOptions &opts,
                                                    std::vector<Finding> &out) {
  const InstantiationFacts *host = nullptr;
  std::string hostName;
  std::vector<std::pair<std::string, const InstantiationFacts *>> devices;
  for (const PassFacts *p : passes) {
    const auto *f = p->find<InstantiationFacts>(kRule.id);
    if (!f) continue;
    if (p->pass().host) {
      host = f;
      hostName = p->pass().name();
    } else {
      devices.push_back({p->pass().name(), f});
    }
  }
  if (!host) return;
  for (const Use &use : host->hostUses) {
    if (!arch::reportable(use.site, opts)) continue;
    std::vector<std::string> missing;
    // What the passes missing it instantiate instead, when the template
    // arguments themselves depend on __CUDA_ARCH__.
    std::set<std::string> instead;
    for (auto &[name, f] : devices) {
      auto it = f->specializations.find(use.templ);
      if (it != f->specializations.end() && it->second.count(use.kernel)) continue;
      missing.push_back(name);
      if (it == f->specializations.end()) continue;
      auto hostSpecs = host->specializations.find(use.templ);
      for (const std::string &s : it->second)
        if (hostSpecs == host->specializations.end() || !hostSpecs->second.count(s))
          instead.insert(s);
    }
    if (missing.empty()) continue;
    std::string what = use.launch ? "is launched" : "has its address taken";
    Finding f = arch::makeFinding(
        kRule, use.site,
        "kernel '" + use.kernel + "' " + what + " in host code but is not instantiated in " +
            arch::passPhrase(missing) + "; the device code has no '" + use.kernel +
            "' for that architecture");
    f.passes.push_back(hostName);
    f.passes.insert(f.passes.end(), missing.begin(), missing.end());
    std::string note = "'" + use.templ + "' is not instantiated with these arguments in " +
                       arch::passPhrase(missing);
    if (!instead.empty()) note += " (only " + joinQuoted(instead) + ")";
    f.notes.push_back({use.templateWhere, note});
    out.push_back(std::move(f));
  }
}

CheckFactory archDependentInstantiationCheck() {
  return checkFactory<ArchDependentInstantiationCheck>(
      rule::ArchDependentInstantiation, ArchDependentInstantiationCheck::comparePasses);
}

} // namespace warpcheck
