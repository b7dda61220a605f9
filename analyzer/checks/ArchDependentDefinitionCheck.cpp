// arch-dependent-definition: in separate compilation (-rdc / -fgpu-rdc) each
// device object exports its external definitions to the device linker. A
// definition that exists for some values of __CUDA_ARCH__ only leaves the
// other architectures' objects without it: an unresolved symbol, or another
// object's definition silently taking its place (CUDA C++ Programming Guide
// §5.4.7.1, constraint 3).
#include "analyzer/checks/ArchRuleSupport.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include <map>

namespace warpcheck {

using namespace clang;

namespace {

class ArchDependentDefinitionCheck : public Check {
public:
  using Check::Check;
  // No matchers: the definitions are listed in collectFacts, which runs in
  // every pass whatever these say.
  bool runsInHostPass() const override { return false; }
  bool runsInDevicePass() const override { return false; }
  void collectFacts(clang::ASTContext &ast, PassFacts &facts) override;
  static void comparePasses(const std::vector<const PassFacts *> &passes,
                            const AnalysisOptions &opts, std::vector<Finding> &out);
};

const RuleId &kRule = rule::ArchDependentDefinition;

struct Definition {
  std::string display; // "__device__ function 'f(float)'"
  arch::Site site;
};

struct DefinitionFacts : FactsBase {
  bool rdc = false; // the pass was compiled with -fgpu-rdc
  std::map<std::string, Definition> definitions; // by entity
};

// A strong external definition: one object of the device link provides it.
// Inline functions, templates and their instantiations have vague linkage
// (every object that uses them emits its own copy), so their absence from
// one pass breaks no link.
bool isStrongExternal(const FunctionDecl *fd) {
  if (!fd->doesThisDeclarationHaveABody() || fd->isInlined() || fd->isTemplated() ||
      fd->isImplicit() || !fd->isExternallyVisible())
    return false;
  TemplateSpecializationKind tsk = fd->getTemplateSpecializationKind();
  return tsk == TSK_Undeclared || tsk == TSK_ExplicitSpecialization;
}

bool isStrongExternal(const VarDecl *vd) {
  return vd->isThisDeclarationADefinition() == VarDecl::Definition && !vd->isInline() &&
         !vd->isTemplated() && vd->isExternallyVisible() && !vd->isLocalVarDecl() &&
         vd->getTemplateSpecializationKind() == TSK_Undeclared;
}

std::string functionSpace(const FunctionDecl *fd) {
  if (fd->hasAttr<CUDAGlobalAttr>()) return "__global__ function";
  if (fd->hasAttr<CUDAHostAttr>()) return "__host__ __device__ function";
  return "__device__ function";
}

} // namespace

void ArchDependentDefinitionCheck::collectFacts(ASTContext &ast, PassFacts &facts) {
  // Only device objects take part in the device link.
  if (facts.pass().host) return;
  auto &out = facts.get<DefinitionFacts>(id());
  out.rdc = ast.getLangOpts().GPURelocatableDeviceCode;
  arch::forEachScopeDecl(ast.getTranslationUnitDecl(), [&](const Decl *d) {
    if (const auto *fd = dyn_cast<FunctionDecl>(d)) {
      bool deviceSide = fd->hasAttr<CUDADeviceAttr>() || fd->hasAttr<CUDAGlobalAttr>();
      if (!deviceSide || !isStrongExternal(fd)) return;
      // Overloads are distinct definitions: key by the parameter types.
      std::string key = arch::entityName(fd) + "(";
      for (unsigned i = 0; i < fd->getNumParams(); ++i)
        key += (i ? ", " : "") + arch::typeName(fd->getParamDecl(i)->getType(), ast);
      key += ")";
      out.definitions[key] = {functionSpace(fd) + " '" + key + "'",
                              arch::siteOf(context(), fd->getLocation())};
    } else if (const auto *vd = dyn_cast<VarDecl>(d)) {
      const char *space = vd->hasAttr<CUDAConstantAttr>() ? "__constant__"
                          : arch::isManagedVariable(vd)  ? "__managed__"
                          : vd->hasAttr<CUDADeviceAttr>() ? "__device__"
                                                          : nullptr;
      // Implicit attributes (constexpr variables) are not user device variables.
      const Attr *attr = vd->getAttr<CUDAConstantAttr>();
      if (!attr) attr = vd->getAttr<CUDADeviceAttr>();
      if (!space || (attr && attr->isImplicit()) || !isStrongExternal(vd)) return;
      std::string key = arch::entityName(vd);
      out.definitions[key] = {std::string(space) + " variable '" + key + "'",
                              arch::siteOf(context(), vd->getLocation())};
    }
  });
}

void ArchDependentDefinitionCheck::comparePasses(const std::vector<const PassFacts *> &passes,
                                                 const AnalysisOptions &opts,
                                                 std::vector<Finding> &out) {
  std::vector<std::pair<std::string, const DefinitionFacts *>> devices;
  bool rdc = opts.relocatableDeviceCode;
  for (const PassFacts *p : passes)
    if (const auto *f = p->find<DefinitionFacts>(kRule.id)) {
      devices.push_back({p->pass().name(), f});
      rdc |= f->rdc;
    }
  // Whole-program compilation links nothing across objects.
  if (!rdc || devices.size() < 2) return;

  std::map<std::string, bool> keys;
  for (auto &[name, f] : devices)
    for (auto &entry : f->definitions) keys[entry.first] = true;
  for (auto &entry : keys) {
    const Definition *def = nullptr;
    std::vector<std::string> present, missing;
    for (auto &[name, f] : devices) {
      auto it = f->definitions.find(entry.first);
      if (it == f->definitions.end()) {
        missing.push_back(name);
        continue;
      }
      present.push_back(name);
      if (!def) def = &it->second;
    }
    if (missing.empty() || !arch::reportable(def->site, opts)) continue;
    Finding f = arch::makeFinding(
        kRule, def->site,
        "external definition of " + def->display + " exists in " + arch::passPhrase(present) +
            " but not in " + arch::passPhrase(missing) +
            "; with relocatable device code, the device objects compiled without it cannot provide "
            "it at link time");
    f.passes = present;
    f.passes.insert(f.passes.end(), missing.begin(), missing.end());
    f.notes.push_back({def->site.where, "not defined in " + arch::passPhrase(missing)});
    out.push_back(std::move(f));
  }
}

CheckFactory archDependentDefinitionCheck() {
  return checkFactory<ArchDependentDefinitionCheck>(rule::ArchDependentDefinition,
                                                    ArchDependentDefinitionCheck::comparePasses);
}

} // namespace warpcheck
