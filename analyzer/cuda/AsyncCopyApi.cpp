// Recognises the asynchronous-copy APIs at their call sites (see
// AsyncCopyApi.h). Functions are matched by name and by the outermost
// namespace they are declared in, so versioned inline namespaces
// (cuda::__4, cooperative_groups::__v1) do not matter.
#include "analyzer/cuda/AsyncCopyApi.h"
#include "analyzer/cuda/BarrierApi.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

namespace warpcheck {

using namespace clang;

bool isAsyncCopy(AsyncOpKind k) {
  return k == AsyncOpKind::CopyToOpenBatch || k == AsyncOpKind::CopyOwnBatch || k == AsyncOpKind::CopyToPipeline ||
         k == AsyncOpKind::CopyToBarrier;
}

namespace {

// The outermost named namespace `d` is declared in ("cuda", "cooperative_groups",
// "nvcuda"), or "" at global scope.
llvm::StringRef outerNamespace(const Decl *d) {
  llvm::StringRef name;
  for (const DeclContext *dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto *ns = dyn_cast<NamespaceDecl>(dc))
      if (!ns->isAnonymousNamespace()) name = ns->getName();
  return name;
}

// The class a type names, through references and one pointer.
const CXXRecordDecl *recordOf(QualType t) {
  t = t.getNonReferenceType();
  if (t->isPointerType()) t = t->getPointeeType();
  return t->getAsCXXRecordDecl();
}

bool isRecordNamed(QualType t, llvm::StringRef name) {
  const CXXRecordDecl *rd = recordOf(t);
  return rd && rd->getIdentifier() && rd->getName() == name && outerNamespace(rd) == "cuda";
}

std::optional<int64_t> templateIntArg(const FunctionDecl *fd, unsigned i) {
  const TemplateArgumentList *args = fd->getTemplateSpecializationArgs();
  if (!args || args->size() <= i || args->get(i).getKind() != TemplateArgument::Integral) return std::nullopt;
  return args->get(i).getAsIntegral().getExtValue();
}

std::string sourceText(const ASTContext &ast, SourceRange r) {
  const SourceManager &sm = ast.getSourceManager();
  CharSourceRange cr = Lexer::makeFileCharRange(CharSourceRange::getTokenRange(r), sm, ast.getLangOpts());
  if (cr.isInvalid()) return "";
  std::string text = Lexer::getSourceText(cr, sm, ast.getLangOpts()).str();
  if (text.size() > 60 || text.find('\n') != std::string::npos) return "";
  return text;
}

// "__pipeline_wait_prior(2)" as written, or "NAME()" when that is long or a macro.
std::string spell(const ASTContext &ast, const Expr *call, llvm::StringRef name) {
  std::string text = sourceText(ast, call->getSourceRange());
  return text.empty() ? (name + "()").str() : text;
}

AsyncOp make(AsyncOpKind kind, const Stmt *site) {
  AsyncOp op;
  op.kind = kind;
  op.site = site;
  return op;
}

// ---- calls -------------------------------------------------------------------

AsyncOp classifyFreeCall(const CallExpr *call, const FunctionDecl *fd, const ASTContext &ast) {
  AsyncOp none;
  if (!fd->getDeclName().isIdentifier()) return none;
  llvm::StringRef name = fd->getName();
  llvm::StringRef ns = outerNamespace(fd);
  unsigned n = call->getNumArgs();
  auto arg = [&](unsigned i) { return call->getArg(i); };

  if (ns.empty()) {
    if (name == "__pipeline_memcpy_async" && n >= 3) {
      AsyncOp op = make(AsyncOpKind::CopyToOpenBatch, call);
      op.dst = arg(0), op.src = arg(1), op.size = arg(2);
      op.spelling = "__pipeline_memcpy_async()";
      return op;
    }
    if (name == "__pipeline_commit") {
      AsyncOp op = make(AsyncOpKind::Commit, call);
      op.spelling = "__pipeline_commit()";
      return op;
    }
    if (name == "__pipeline_wait_prior" && n == 1) {
      AsyncOp op = make(AsyncOpKind::WaitPrior, call);
      op.countExpr = arg(0);
      op.spelling = spell(ast, call, name);
      return op;
    }
    return none;
  }

  if (ns == "cooperative_groups") {
    if (name == "memcpy_async" && n >= 4) {
      AsyncOp op = make(AsyncOpKind::CopyOwnBatch, call);
      op.dst = arg(1);
      if (n == 4) {
        op.src = arg(2), op.size = arg(3); // (group, dst, src, bytes)
      } else {
        op.src = arg(3); // (group, dst, dstCount, src, srcCount[, pipe]): counts of elements
      }
      op.spelling = "cooperative_groups::memcpy_async()";
      return op;
    }
    if ((name == "wait" || name == "wait_prior") && n >= 1) {
      AsyncOp op = make(AsyncOpKind::WaitPrior, call);
      if (name == "wait" && n == 1) op.count = 0;
      else if (name == "wait_prior") op.count = templateIntArg(fd, 0);
      // wait(group, pipe, stage) (deprecated): an unknown count, taken as "all"
      op.spelling = spell(ast, call, name);
      return op;
    }
    return none;
  }

  if (ns == "cuda") {
    if ((name == "memcpy_async" || name == "memcpy_async_tx") && (n == 4 || n == 5)) {
      QualType last = arg(n - 1)->getType();
      AsyncOp op;
      if (isRecordNamed(last, "pipeline")) op = make(AsyncOpKind::CopyToPipeline, call);
      else if (isRecordNamed(last, "barrier")) op = make(AsyncOpKind::CopyToBarrier, call);
      else return none;
      unsigned first = n == 5 ? 1 : 0; // the group overloads take the group first
      op.dst = arg(first), op.src = arg(first + 1), op.size = arg(first + 2);
      op.object = arg(n - 1);
      op.spelling = ("cuda::" + name + "()").str();
      return op;
    }
    if (name == "make_pipeline") {
      AsyncOp op = make(AsyncOpKind::PipeMake, call);
      op.partitioned = n == 3; // (group, state, producer count | role)
      op.spelling = "cuda::make_pipeline()";
      return op;
    }
    if (name == "pipeline_consumer_wait_prior" && n == 1) {
      AsyncOp op = make(AsyncOpKind::PipeWaitPrior, call);
      op.object = arg(0);
      op.count = templateIntArg(fd, 0);
      op.spelling = spell(ast, call, name);
      return op;
    }
    if (name == "pipeline_producer_commit" && n == 2) {
      AsyncOp op = make(AsyncOpKind::PipeCommit, call);
      op.object = arg(0);
      op.spelling = "cuda::pipeline_producer_commit()";
      return op;
    }
    return none;
  }

  if (ns == "nvcuda" && name == "memcpy_async" && n == 3) {
    AsyncOp op = make(AsyncOpKind::CopyToOpenBatch, call);
    op.dst = arg(0), op.src = arg(1);
    op.dstIsLvalue = true;
    op.spelling = "nvcuda::experimental::memcpy_async()";
    return op;
  }
  return none;
}

AsyncOp classifyMemberCall(const CXXMemberCallExpr *call, const ASTContext &ast) {
  AsyncOp none;
  const CXXMethodDecl *md = call->getMethodDecl();
  const Expr *obj = call->getImplicitObjectArgument();
  if (!md || !obj || !md->getDeclName().isIdentifier()) return none;
  const CXXRecordDecl *rd = recordOf(obj->getType());
  if (!rd || !rd->getIdentifier()) return none;
  llvm::StringRef cls = rd->getName(), ns = outerNamespace(rd), name = md->getName();
  std::string spelling = spell(ast, call, name);

  if (cls == "pipeline" && ns == "cuda") {
    AsyncOpKind kind = llvm::StringSwitch<AsyncOpKind>(name)
                           .Case("producer_acquire", AsyncOpKind::PipeAcquire)
                           .Case("producer_commit", AsyncOpKind::PipeCommit)
                           .Cases({"consumer_wait", "consumer_wait_for", "consumer_wait_until"}, AsyncOpKind::PipeWait)
                           .Case("consumer_release", AsyncOpKind::PipeRelease)
                           .Case("quit", AsyncOpKind::PipeQuit)
                           .Default(AsyncOpKind::None);
    if (kind == AsyncOpKind::None) return none;
    AsyncOp op = make(kind, call);
    op.object = obj;
    op.spelling = spelling;
    return op;
  }
  if (cls == "pipeline" && ns == "nvcuda") {
    AsyncOp op;
    if (name == "commit") op = make(AsyncOpKind::Commit, call);
    else if (name == "commit_and_wait") op = make(AsyncOpKind::CommitAndWaitAll, call);
    else if (name == "wait_prior") {
      op = make(AsyncOpKind::WaitPrior, call);
      op.count = templateIntArg(md, 0);
    } else if (name == "wait") {
      op = make(AsyncOpKind::WaitPrior, call); // wait(batch): an unknown count, taken as "all"
    } else
      return none;
    op.spelling = spelling;
    return op;
  }
  if (cls == "barrier" && ns == "cuda") {
    BarrierMember member = barrierMemberOf(name);
    if (member.kind != BarrierMember::Wait && member.kind != BarrierMember::ArriveAndWait) return none;
    AsyncOp op = make(AsyncOpKind::BarrierWait, call);
    op.object = obj;
    op.spelling = spelling;
    return op;
  }
  return none;
}

// ---- inline PTX --------------------------------------------------------------

const Expr *asmOperand(const GCCAsmStmt *as, llvm::StringRef ref) {
  // "%3" or "%[name]"
  if (!ref.consume_front("%")) return nullptr;
  int index = -1;
  if (ref.consume_front("[")) {
    index = as->getNamedOperand(ref.take_until([](char c) { return c == ']'; }));
  } else {
    unsigned n;
    if (ref.take_while([](char c) { return isdigit(c); }).getAsInteger(10, n)) return nullptr;
    index = int(n);
  }
  if (index < 0) return nullptr;
  unsigned outs = as->getNumOutputs();
  if (unsigned(index) < outs) return as->getOutputExpr(index);
  if (unsigned(index) - outs < as->getNumInputs()) return as->getInputExpr(index - outs);
  return nullptr;
}

// The operand of `text` starting at its first '%' (or a literal number).
void operandOrLiteral(const GCCAsmStmt *as, llvm::StringRef text, const Expr *&expr, std::optional<int64_t> &value) {
  text = text.trim().rtrim(";").trim();
  if (text.starts_with("%")) {
    expr = asmOperand(as, text);
    return;
  }
  int64_t v;
  if (!text.getAsInteger(0, v)) value = v;
}

void classifyAsm(const GCCAsmStmt *as, llvm::SmallVectorImpl<AsyncOp> &out) {
  std::string all = as->getAsmString();
  llvm::SmallVector<llvm::StringRef, 8> insns;
  llvm::StringRef(all).split(insns, ';', -1, false);
  for (llvm::StringRef insn : insns) {
    // Instructions may sit in braces, on their own lines, behind a predicate.
    llvm::SmallVector<llvm::StringRef, 4> lines;
    insn.split(lines, '\n', -1, false);
    for (llvm::StringRef line : lines) {
      line = line.trim().ltrim("{").trim();
      if (line.starts_with("@")) line = line.drop_until([](char c) { return c == ' ' || c == '\t'; }).trim();
      if (!line.starts_with("cp.async.")) continue;
      if (line.starts_with("cp.async.commit_group")) {
        AsyncOp op = make(AsyncOpKind::Commit, as);
        op.spelling = "cp.async.commit_group";
        out.push_back(op);
      } else if (line.starts_with("cp.async.wait_group")) {
        AsyncOp op = make(AsyncOpKind::WaitPrior, as);
        operandOrLiteral(as, line.drop_front(strlen("cp.async.wait_group")), op.countExpr, op.count);
        op.spelling = "cp.async.wait_group";
        if (op.count) op.spelling += " " + std::to_string(*op.count);
        out.push_back(op);
      } else if (line.starts_with("cp.async.wait_all")) {
        AsyncOp op = make(AsyncOpKind::CommitAndWaitAll, as);
        op.spelling = "cp.async.wait_all";
        out.push_back(op);
      } else if ((line.starts_with("cp.async.ca.") || line.starts_with("cp.async.cg.")) && line.contains(".shared")) {
        // cp.async.cg.shared.global [dst], [src], size{, src-size}{, cache-policy}
        size_t a = line.find('['), b = a == llvm::StringRef::npos ? a : line.find(']', a);
        size_t c = b == llvm::StringRef::npos ? b : line.find('[', b), d = c == llvm::StringRef::npos ? c : line.find(']', c);
        if (d == llvm::StringRef::npos) continue;
        AsyncOp op = make(AsyncOpKind::CopyToOpenBatch, as);
        op.dst = asmOperand(as, line.slice(a + 1, b).trim());
        op.src = asmOperand(as, line.slice(c + 1, d).trim());
        llvm::StringRef rest = line.drop_front(d + 1).ltrim().ltrim(",");
        operandOrLiteral(as, rest.take_until([](char ch) { return ch == ','; }), op.size, op.sizeValue);
        op.spelling = "cp.async";
        if (op.dst) out.push_back(op);
      }
    }
  }
}

} // namespace

llvm::SmallVector<AsyncOp, 1> asyncOpsOf(const Stmt *s, const ASTContext &ast) {
  llvm::SmallVector<AsyncOp, 1> out;
  if (const auto *as = dyn_cast<GCCAsmStmt>(s)) {
    classifyAsm(as, out);
    return out;
  }
  AsyncOp op;
  if (const auto *mc = dyn_cast<CXXMemberCallExpr>(s)) op = classifyMemberCall(mc, ast);
  else if (const auto *call = dyn_cast<CallExpr>(s)) {
    if (const FunctionDecl *fd = call->getDirectCallee()) op = classifyFreeCall(call, fd, ast);
  }
  if (op.kind != AsyncOpKind::None) out.push_back(op);
  return out;
}

bool isCudaPipelineType(QualType t) { return isRecordNamed(t, "pipeline"); }

bool AsyncRelevance::isRelevant(const Stmt *s) {
  if (!asyncOpsOf(s, ast_).empty()) return true;
  if (isa<CXXMemberCallExpr>(s)) return false; // methods are not looked into
  if (const auto *call = dyn_cast<CallExpr>(s))
    if (const FunctionDecl *fd = call->getDirectCallee()) return mayPerformAsyncOps(fd);
  return false;
}

bool AsyncRelevance::mayPerformAsyncOps(const FunctionDecl *fn) {
  const FunctionDecl *def = fn->getDefinition();
  if (!def || !def->hasBody()) return false;
  if (ast_.getSourceManager().isInSystemHeader(def->getLocation())) return false;
  int &state = memo_[def];
  if (state) return state == 3; // a recursive call counts as "no" while computing
  state = 1;
  bool found = false;
  llvm::SmallVector<const Stmt *, 32> work{def->getBody()};
  while (!work.empty() && !found) {
    const Stmt *s = work.pop_back_val();
    if (!s) continue;
    if (isa<CallExpr>(s) || isa<GCCAsmStmt>(s)) found = isRelevant(s);
    for (const Stmt *child : s->children()) work.push_back(child);
  }
  memo_[def] = found ? 3 : 2;
  return found;
}

} // namespace warpcheck
