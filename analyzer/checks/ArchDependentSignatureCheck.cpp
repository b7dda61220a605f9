// arch-dependent-signature: a __global__ function's parameters, or a
// __device__/__constant__/__managed__ variable's type, laid out differently
// in the host pass and a device pass (or between device passes). The host
// marshals kernel arguments and copies symbols with its own layout; the
// device reads them with its own (CUDA C++ Programming Guide §5.4.7.1).
//
// Types are compared by layout, not spelling: a typedef that names `int` in
// one pass and `int32_t` in another is fine, as are `long` and `long long`
// where both are 8-byte signed integers. What matters is size, alignment,
// scalar class (signed/unsigned integer, floating, bool, pointer), field
// offsets and, for pointers, the layout of what they point to.
#include "analyzer/checks/ArchRuleSupport.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace warpcheck {

using namespace clang;

namespace {

class ArchDependentSignatureCheck : public Check {
public:
  using Check::Check;
  // No matchers: declarations are listed in collectFacts, in every pass.
  bool runsInHostPass() const override { return true; }
  void collectFacts(clang::ASTContext &ast, PassFacts &facts) override;
  static void comparePasses(const std::vector<const PassFacts *> &passes,
                            const AnalysisOptions &opts, std::vector<Finding> &out);
};

// A type as one pass lays it out.
struct Layout {
  enum Kind { Scalar, Pointer, Record, Array, Other };
  Kind kind = Other;
  std::string spelling;    // canonical type, for messages
  std::string scalarClass; // Scalar: "signed integer", "floating", ...
  bool complete = true;    // false: incomplete (void, forward-declared)
  bool shallow = false;    // Record seen through a cycle or too deep: no fields
  uint64_t sizeBits = 0, alignBits = 0;
  uint64_t count = 0;              // Array: elements
  std::shared_ptr<Layout> element; // Array: element; Pointer: pointee (may be null)
  struct Field {
    std::string name;
    uint64_t offsetBits = 0;
    unsigned bitWidth = 0; // 0: not a bit-field
    std::shared_ptr<Layout> type;
  };
  std::vector<Field> fields; // Record: bases, then fields
};
using LayoutPtr = std::shared_ptr<Layout>;

// One kernel or variable of one pass.
struct Entity {
  std::string noun;        // "kernel 'k'" or "variable 'v'"
  arch::Site site;
  bool isKernel = false;
  bool checkCount = true;          // kernels: compare the parameter count
  std::vector<LayoutPtr> params;   // kernels; null: not compared here
  LayoutPtr type;                  // variables
};

struct SignatureFacts : FactsBase {
  std::map<std::string, std::vector<Entity>> entities; // by kind:name
};

// Builds layouts; pointers are followed a couple of levels only, and a record
// already being laid out is not expanded again (linked structures).
class LayoutBuilder {
public:
  explicit LayoutBuilder(ASTContext &ast) : ast_(ast) {}

  LayoutPtr build(QualType t) {
    auto l = std::make_shared<Layout>();
    t = t.getCanonicalType().getUnqualifiedType();
    l->spelling = arch::typeName(t, ast_);
    if (t->isDependentType() || t->isIncompleteType() || t->isFunctionType() ||
        t->isSizelessType()) {
      l->complete = false;
      return l;
    }
    TypeInfo ti = ast_.getTypeInfo(t);
    l->sizeBits = ti.Width;
    l->alignBits = ti.Align;
    if (const auto *at = ast_.getAsConstantArrayType(t)) {
      l->kind = Layout::Array;
      l->count = at->getZExtSize();
      l->element = build(at->getElementType());
    } else if (t->isPointerType() || t->isReferenceType()) {
      l->kind = Layout::Pointer;
      l->scalarClass = "pointer";
      if (pointerDepth_ < kMaxPointerDepth) {
        ++pointerDepth_;
        l->element = build(t->getPointeeType());
        --pointerDepth_;
      }
    } else if (const RecordDecl *rd = t->getAsRecordDecl()) {
      l->kind = Layout::Record;
      buildRecord(rd, *l);
    } else if (t->isBooleanType()) {
      l->kind = Layout::Scalar;
      l->scalarClass = "bool";
    } else if (t->isIntegralOrEnumerationType()) {
      l->kind = Layout::Scalar;
      l->scalarClass =
          t->isSignedIntegerOrEnumerationType() ? "signed integer" : "unsigned integer";
    } else if (t->isRealFloatingType()) {
      l->kind = Layout::Scalar;
      l->scalarClass = "floating";
    } else if (t->isMemberPointerType() || t->isNullPtrType()) {
      l->kind = Layout::Scalar;
      l->scalarClass = t->isNullPtrType() ? "pointer" : "member pointer";
    }
    return l;
  }

private:
  static constexpr unsigned kMaxPointerDepth = 2;

  void buildRecord(const RecordDecl *rd, Layout &l) {
    rd = rd->getDefinition();
    if (!rd || rd->isInvalidDecl() || active_.count(rd)) {
      l.shallow = true;
      return;
    }
    active_.insert(rd);
    const ASTRecordLayout &rl = ast_.getASTRecordLayout(rd);
    if (const auto *crd = dyn_cast<CXXRecordDecl>(rd)) {
      for (const CXXBaseSpecifier &b : crd->bases()) {
        const CXXRecordDecl *base = b.getType()->getAsCXXRecordDecl();
        if (!base) continue;
        CharUnits off = b.isVirtual() ? rl.getVBaseClassOffset(base) : rl.getBaseClassOffset(base);
        l.fields.push_back({"base '" + arch::typeName(b.getType(), ast_) + "'",
                            uint64_t(ast_.toBits(off)), 0, build(b.getType())});
      }
    }
    for (const FieldDecl *f : rd->fields()) {
      Layout::Field field;
      field.name = f->getName().empty() ? "(anonymous)" : "'" + f->getNameAsString() + "'";
      field.offsetBits = rl.getFieldOffset(f->getFieldIndex());
      if (f->isBitField() && !f->getBitWidth()->isValueDependent())
        field.bitWidth = f->getBitWidthValue();
      field.type = build(f->getType());
      l.fields.push_back(std::move(field));
    }
    active_.erase(rd);
  }

  ASTContext &ast_;
  llvm::SmallPtrSet<const RecordDecl *, 8> active_;
  unsigned pointerDepth_ = 0;
};

// The first difference between two layouts, deepest first: "<subject> is
// <a> in pass P but <b> in pass Q".
struct Diff {
  std::string subject, verb, a, b;
};

std::string amount(uint64_t bits) {
  if (bits % 8 == 0) {
    uint64_t bytes = bits / 8;
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  }
  return std::to_string(bits) + " bits";
}

// `x` described for a message, naming just what sets it apart from `y`.
std::string describe(const Layout &x, const Layout &y) {
  std::string s = "'" + x.spelling + "' (" + amount(x.sizeBits);
  if (x.sizeBits == y.sizeBits && x.alignBits != y.alignBits)
    s += ", aligned to " + amount(x.alignBits);
  if (x.scalarClass != y.scalarClass && !x.scalarClass.empty()) s += ", " + x.scalarClass;
  if (x.kind == Layout::Record && y.kind == Layout::Record && !x.shallow && !y.shallow &&
      x.fields.size() != y.fields.size())
    s += std::string(", ") + std::to_string(x.fields.size()) +
         (x.fields.size() == 1 ? " field" : " fields");
  return s + ")";
}

std::optional<Diff> diffLayouts(const Layout &a, const Layout &b, const std::string &subject);

std::optional<Diff> diffChildren(const Layout &a, const Layout &b, const std::string &subject) {
  if (a.kind != b.kind) return std::nullopt;
  if (a.kind == Layout::Record && !a.shallow && !b.shallow && a.fields.size() == b.fields.size()) {
    for (size_t i = 0; i < a.fields.size(); ++i) {
      const Layout::Field &fa = a.fields[i], &fb = b.fields[i];
      bool isBase = fa.name.rfind("base", 0) == 0;
      std::string what = (isBase ? "" : "field ") + fa.name + " of " + subject;
      if (auto d = diffLayouts(*fa.type, *fb.type, what)) return d;
      auto width = [](unsigned w) { return w ? std::to_string(w) + "-bit" : "not a bit-field"; };
      if (fa.bitWidth != fb.bitWidth)
        return Diff{what, "is", width(fa.bitWidth), width(fb.bitWidth)};
      if (fa.offsetBits != fb.offsetBits)
        return Diff{what, "is", "at offset " + amount(fa.offsetBits),
                    "at offset " + amount(fb.offsetBits)};
    }
  }
  if (a.kind == Layout::Array && a.count == b.count && a.element && b.element)
    return diffLayouts(*a.element, *b.element, "the elements of " + subject);
  if (a.kind == Layout::Pointer && a.element && b.element)
    return diffLayouts(*a.element, *b.element, "the pointee of " + subject);
  return std::nullopt;
}

std::optional<Diff> diffLayouts(const Layout &a, const Layout &b, const std::string &subject) {
  // An incomplete type has no layout to compare (e.g. `void *`).
  if (!a.complete || !b.complete) return std::nullopt;
  bool differs = a.kind != b.kind || a.sizeBits != b.sizeBits || a.alignBits != b.alignBits ||
                 a.scalarClass != b.scalarClass || a.count != b.count ||
                 (a.kind == Layout::Record && !a.shallow && !b.shallow &&
                  a.fields.size() != b.fields.size());
  // Same name, different layout: point at the member that changed. Different
  // names: the type itself is the difference.
  if (!differs || a.spelling == b.spelling)
    if (auto d = diffChildren(a, b, subject)) return d;
  if (differs) return Diff{subject, "is", describe(a, b), describe(b, a)};
  return std::nullopt;
}

std::optional<Diff> diffEntities(const Entity &a, const Entity &b) {
  if (!a.isKernel) return diffLayouts(*a.type, *b.type, a.noun);
  if (a.params.size() != b.params.size()) {
    if (!a.checkCount) return std::nullopt;
    auto n = [](size_t k) { return std::to_string(k) + (k == 1 ? " parameter" : " parameters"); };
    return Diff{a.noun, "has", n(a.params.size()), n(b.params.size())};
  }
  for (size_t i = 0; i < a.params.size(); ++i)
    if (a.params[i] && b.params[i])
      if (auto d = diffLayouts(*a.params[i], *b.params[i],
                               "parameter " + std::to_string(i + 1) + " of " + a.noun))
        return d;
  return std::nullopt;
}

// Records the kernels and device variables of one pass.
class EntityCollector {
public:
  EntityCollector(ASTContext &ast, const CheckContext &ctx,
                  std::map<std::string, std::vector<Entity>> &out)
      : ctx_(ctx), layouts_(ast), out_(out) {}

  void add(const Decl *d) {
    if (const auto *ftd = dyn_cast<FunctionTemplateDecl>(d)) {
      if (ftd->isCanonicalDecl() && ftd->getTemplatedDecl()->hasAttr<CUDAGlobalAttr>())
        addTemplate(ftd);
    } else if (const auto *fd = dyn_cast<FunctionDecl>(d)) {
      if (fd->isCanonicalDecl() && fd->hasAttr<CUDAGlobalAttr>() && !fd->isTemplated() &&
          !fd->getPrimaryTemplate())
        addKernel(fd, nullptr, "kernel:" + arch::entityName(fd));
    } else if (const auto *vd = dyn_cast<VarDecl>(d)) {
      addVariable(vd);
    }
  }

private:
  // The declaration a finding points at: the definition when there is one.
  template <class D> SourceLocation declLoc(const D *d) {
    if (const D *def = d->getDefinition()) return def->getLocation();
    return d->getLocation();
  }

  // `pattern`: for an instantiated specialization, its template's pattern.
  // Parameters whose type in the pattern does not depend on the template are
  // compared once, on the template itself, rather than once per
  // specialization (and so is the parameter count, unless a pack expands).
  void addKernel(const FunctionDecl *fd, const FunctionDecl *pattern, const std::string &key) {
    Entity e;
    e.isKernel = true;
    e.noun = "kernel '" + arch::entityName(fd) + "'";
    e.site = arch::siteOf(ctx_, declLoc(fd));
    bool mapped = pattern && pattern->getNumParams() == fd->getNumParams();
    e.checkCount = !mapped;
    for (unsigned i = 0; i < fd->getNumParams(); ++i) {
      QualType t = fd->getParamDecl(i)->getType();
      bool comparedOnTemplate = mapped && !pattern->getParamDecl(i)->getType()->isDependentType();
      e.params.push_back(t->isDependentType() || comparedOnTemplate ? nullptr : layouts_.build(t));
    }
    out_[key].push_back(std::move(e));
  }

  void addTemplate(const FunctionTemplateDecl *ftd) {
    const FunctionDecl *pattern = ftd->getTemplatedDecl();
    addKernel(pattern, nullptr, "template:" + arch::entityName(ftd));
    for (const FunctionDecl *spec : ftd->specializations()) {
      bool instantiated = spec->getTemplateSpecializationKind() != TSK_ExplicitSpecialization;
      addKernel(spec, instantiated ? pattern : nullptr, "kernel:" + arch::entityName(spec));
    }
  }

  void addVariable(const VarDecl *vd) {
    if (!vd->isCanonicalDecl() || vd->isLocalVarDecl() || !vd->hasGlobalStorage() ||
        vd->getType()->isDependentType() || vd->isTemplated())
      return;
    // Implicit attributes (clang makes constexpr variables __constant__ in
    // device passes only) do not make a user's device variable.
    auto isExplicit = [](const Attr *a) { return a && !a->isImplicit(); };
    bool device = isExplicit(vd->getAttr<CUDADeviceAttr>()) ||
                  isExplicit(vd->getAttr<CUDAConstantAttr>()) || arch::isManagedVariable(vd);
    if (!device) return;
    Entity e;
    e.noun = "variable '" + arch::entityName(vd) + "'";
    const VarDecl *def = vd->getDefinition();
    e.site = arch::siteOf(ctx_, (def ? def : vd)->getLocation());
    e.type = layouts_.build(vd->getType());
    out_["var:" + arch::entityName(vd)].push_back(std::move(e));
  }

  const CheckContext &ctx_;
  LayoutBuilder layouts_;
  std::map<std::string, std::vector<Entity>> &out_;
};

// Pairs the declarations named `key` in two passes. Overloads share a name:
// layout-identical ones pair first, the rest in declaration order.
std::vector<std::pair<const Entity *, const Entity *>> pairUp(const std::vector<Entity> &ref,
                                                              const std::vector<Entity> &other) {
  std::vector<std::pair<const Entity *, const Entity *>> pairs;
  std::vector<bool> refUsed(ref.size()), otherUsed(other.size());
  for (size_t i = 0; i < ref.size(); ++i)
    for (size_t j = 0; j < other.size(); ++j)
      if (!otherUsed[j] && !diffEntities(ref[i], other[j])) {
        refUsed[i] = otherUsed[j] = true;
        break;
      }
  size_t j = 0;
  for (size_t i = 0; i < ref.size(); ++i) {
    if (refUsed[i]) continue;
    while (j < other.size() && otherUsed[j]) ++j;
    if (j == other.size()) break;
    pairs.push_back({&ref[i], &other[j++]});
  }
  return pairs;
}

// Passes whose declaration differs from the reference in the same way.
struct Group {
  const Entity *ref;
  Diff diff;
  std::vector<std::string> passes;
  std::vector<const Entity *> others;
};

// Compares every pass declaring `key` with the reference: the first pass
// that declares it (the host pass unless it is device-only). A declaration
// missing from a pass is the business of other rules.
std::vector<Group> differences(
    const std::string &key,
    const std::vector<std::pair<std::string, const SignatureFacts *>> &facts,
    std::string &refPass) {
  const std::vector<Entity> *ref = nullptr;
  std::vector<Group> groups;
  for (auto &[pass, f] : facts) {
    auto it = f->entities.find(key);
    if (it == f->entities.end()) continue;
    if (!ref) {
      ref = &it->second;
      refPass = pass;
      continue;
    }
    for (auto [a, b] : pairUp(*ref, it->second)) {
      auto d = diffEntities(*a, *b);
      if (!d) continue;
      auto g = std::find_if(groups.begin(), groups.end(), [&](const Group &g) {
        return g.ref == a && g.diff.subject == d->subject && g.diff.a == d->a && g.diff.b == d->b;
      });
      if (g == groups.end()) g = groups.insert(groups.end(), Group{a, *d, {}, {}});
      g->passes.push_back(pass);
      g->others.push_back(b);
    }
  }
  return groups;
}

bool samePlace(const SourceRange &a, const SourceRange &b) {
  return a.file == b.file && a.line == b.line && a.column == b.column;
}

Finding toFinding(const Group &g, const std::string &refPass) {
  Finding f = arch::makeFinding(rule::ArchDependentSignature, g.ref->site,
                                g.diff.subject + ' ' + g.diff.verb + ' ' + g.diff.a + " in " +
                                    arch::passPhrase({refPass}) + " but " + g.diff.b + " in " +
                                    arch::passPhrase(g.passes));
  f.passes.push_back(refPass);
  f.passes.insert(f.passes.end(), g.passes.begin(), g.passes.end());
  // One note per place where the other passes declare it.
  for (size_t i = 0; i < g.others.size(); ++i) {
    const SourceRange &at = g.others[i]->site.where;
    bool seen = false;
    std::vector<std::string> here;
    for (size_t j = 0; j < g.others.size(); ++j)
      if (samePlace(g.others[j]->site.where, at)) {
        seen |= j < i;
        here.push_back(g.passes[j]);
      }
    if (!seen) f.notes.push_back({at, "declared here in " + arch::passPhrase(here)});
  }
  return f;
}

} // namespace

void ArchDependentSignatureCheck::collectFacts(ASTContext &ast, PassFacts &facts) {
  EntityCollector collect(ast, context(), facts.get<SignatureFacts>(id()).entities);
  arch::forEachScopeDecl(ast.getTranslationUnitDecl(), [&](const Decl *d) { collect.add(d); });
}

void ArchDependentSignatureCheck::comparePasses(const std::vector<const PassFacts *> &passes,
                                                const AnalysisOptions &opts,
                                                std::vector<Finding> &out) {
  std::vector<std::pair<std::string, const SignatureFacts *>> facts;
  std::set<std::string> keys;
  for (const PassFacts *p : passes)
    if (const auto *f = p->find<SignatureFacts>(rule::ArchDependentSignature.id)) {
      facts.push_back({p->pass().name(), f});
      for (auto &entry : f->entities) keys.insert(entry.first);
    }
  for (const std::string &key : keys) {
    std::string refPass;
    for (const Group &g : differences(key, facts, refPass))
      if (arch::reportable(g.ref->site, opts)) out.push_back(toFinding(g, refPass));
  }
}

CheckFactory archDependentSignatureCheck() {
  return checkFactory<ArchDependentSignatureCheck>(rule::ArchDependentSignature,
                                                   ArchDependentSignatureCheck::comparePasses);
}

} // namespace warpcheck
