// warp-implicit-synchronous: lanes of one warp exchanging data through
// shared memory with no __syncwarp() (or barrier) between the write of one
// lane and the read or write of another: the pre-Volta "warp-synchronous"
// idiom, typically the unrolled `volatile` warp reduction
//   if (tid < 32) { s[tid] += s[tid + 16]; s[tid] += s[tid + 8]; ... }
// Since sm_70 the lanes of a warp are scheduled independently: "Developers
// should explicitly synchronize such code using __syncwarp()" (guide §3.2.2.1.1
// / v10.2 §H.6.2). Pairs whose threads may also be in different warps are
// left to the block-barrier rules: there __syncwarp() is not the fix.
#include "analyzer/analyses/SharedAccessModel.h"
#include "analyzer/analyses/WarpCollectiveSite.h"
#include "analyzer/checks/Check.h"
#include "analyzer/checks/CheckRegistry.h"
#include "analyzer/core/StripExpr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <regex>

namespace warpcheck {
namespace {

using namespace clang;

constexpr size_t kMaxCombos = 2048;

// One intra-warp conflict: `x` is where it is reported (the access that
// comes second), `w` the other access.
struct Hit {
  const SharedAccess *x = nullptr, *w = nullptr;
  unsigned tidX = 0, tidW = 0;
  int64_t byte = 0;
  bool oneWay = false; // only w -> x is a path without ordering (no loop back)
};

// The findings of one statement, merged over frames and instantiations.
struct StatementReport {
  const Stmt *stmt = nullptr; // the statement containing x (of the first frame)
  const FunctionDecl *fn = nullptr; // stmt's function: hits of other instantiations are duplicates
  std::vector<Hit> hits;
  std::vector<const Frame *> frames;
};

struct Conflict {
  bool intra = false, cross = false, unknown = false;
  unsigned tidA = 0, tidB = 0;
  int64_t byte = 0;
};

// Compares the per-thread addresses of two accesses.
Conflict compare(const SharedAccessModel::Table &ta, int64_t sizeA, const SharedAccessModel::Table &tb, int64_t sizeB) {
  Conflict c;
  if (!ta.known || !tb.known) {
    c.unknown = true;
    return c;
  }
  struct Group {
    int64_t start;
    uint32_t warps = 0;
    std::array<uint32_t, LaneFacts::kWarps> lanes{};
  };
  std::vector<std::pair<int64_t, unsigned>> starts;
  for (unsigned t = 0; t < SharedAccessModel::kThreads; ++t)
    if (ta.reach[t] != Reach::No) starts.push_back({ta.addr[t], t});
  std::sort(starts.begin(), starts.end());
  std::vector<Group> groups;
  for (auto [addr, t] : starts) {
    if (groups.empty() || groups.back().start != addr) groups.push_back(Group{addr});
    groups.back().warps |= 1u << (t / 32);
    groups.back().lanes[t / 32] |= 1u << (t % 32);
  }
  for (unsigned t = 0; t < SharedAccessModel::kThreads; ++t) {
    if (tb.reach[t] == Reach::No) continue;
    int64_t b = tb.addr[t];
    unsigned w = t / 32, l = t % 32;
    auto it = std::lower_bound(groups.begin(), groups.end(), b - sizeA + 1,
                               [](const Group &g, int64_t v) { return g.start < v; });
    for (; it != groups.end() && it->start < b + sizeB; ++it) {
      if (it->warps & ~(1u << w)) {
        c.cross = true;
        return c;
      }
      uint32_t others = it->lanes[w] & ~(1u << l);
      if (others && !c.intra) {
        c.intra = true;
        c.tidA = w * 32 + unsigned(__builtin_ctz(others));
        c.tidB = t;
        c.byte = std::max(b, it->start);
      }
    }
  }
  return c;
}

// All assignments of the counters of `loops` (one when there is none).
std::vector<std::vector<int64_t>> assignments(const std::vector<const CountedLoop *> &loops) {
  std::vector<std::vector<int64_t>> out{{}};
  for (const CountedLoop *cl : loops) {
    std::vector<std::vector<int64_t>> next;
    for (const auto &prefix : out)
      for (int64_t v : cl->values) {
        next.push_back(prefix);
        next.back().push_back(v);
        if (next.size() > kMaxCombos) return {};
      }
    out = std::move(next);
  }
  return out;
}

SharedAccessModel::Counters countersOf(const std::vector<const CountedLoop *> &loops, const std::vector<int64_t> &vals) {
  SharedAccessModel::Counters c;
  for (size_t i = 0; i < loops.size(); ++i) c[loops[i]->var] = vals[i];
  return c;
}

bool isOwnLoop(const CountedLoop *cl, const Frame &f) {
  return !f.loops.empty() && cl >= &f.loops.front() && cl <= &f.loops.back();
}

class WarpImplicitSynchronousCheck : public Check {
public:
  using Check::Check;

  void onEndOfTranslationUnit(ASTContext &ast) override {
    // AMD wavefronts do run in lockstep; HIP on AMD is M-09's business.
    if (ast.getTargetInfo().getTriple().isAMDGCN()) return;
    SharedAccessModel model(context());
    model_ = &model;
    model.build();
    for (const Frame *f : model.frames()) {
      if (model.exhausted()) break;
      analyseFrame(*f);
    }
    emit();
    model_ = nullptr;
  }

private:
  SharedAccessModel *model_ = nullptr;
  std::map<std::pair<unsigned, unsigned>, StatementReport> reports_; // by statement location
  std::map<std::pair<const Frame *, const Stmt *>, std::optional<std::optional<uint64_t>>> maskCache_;

  const SourceManager &sm() { return context().sources(); }

  std::pair<unsigned, unsigned> key(const Stmt *s) {
    SourceLocation b = sm().getExpansionLoc(s->getBeginLoc());
    return {sm().getFileID(b).getHashValue(), sm().getFileOffset(b)};
  }

  // The statement an expression belongs to: its full expression, or the
  // declaration it initialises.
  const Stmt *statementOf(const FunctionDecl *fn, const Stmt *e) {
    const Stmt *s = e;
    while (const Stmt *p = model_->parentOf(fn, s)) {
      if (!isa<Expr>(p)) {
        if (isa<DeclStmt>(p)) s = p;
        break;
      }
      s = p;
    }
    return s;
  }

  void analyseFrame(const Frame &f) {
    const std::vector<const SharedAccess *> &accs = model_->accessesOf(f);
    // Only the pairs that can follow each other with no ordering in
    // between, in the order of the accesses: every pair of a long kernel's
    // accesses would be quadratic.
    std::map<const SharedAccess *, size_t> indexOf;
    for (size_t i = 0; i < accs.size(); ++i) indexOf.emplace(accs[i], i);
    std::map<std::pair<size_t, size_t>, std::pair<std::vector<uint64_t>, std::vector<uint64_t>>> pairs;
    for (size_t i = 0; i < accs.size(); ++i)
      for (auto [b, mask] : model_->followers(*accs[i])) {
        auto j = indexOf.find(b);
        if (j == indexOf.end() || j->second == i) continue;
        // first: masks of paths from the lower-indexed access to the other
        if (i < j->second) pairs[{i, j->second}].first.push_back(mask);
        else pairs[{j->second, i}].second.push_back(mask);
      }
    for (auto &[ij, masksOf] : pairs) {
        const SharedAccess *a = accs[ij.first], *b = accs[ij.second];
        if (a->var != b->var || !(a->writes || b->writes) || a->expr == b->expr) continue;
        const std::vector<uint64_t> &ab = masksOf.first, &ba = masksOf.second;
        if (ab.empty() && ba.empty()) continue;
        std::vector<uint64_t> masks = ab;
        masks.insert(masks.end(), ba.begin(), ba.end());
        std::optional<Conflict> c = conflict(f, *a, *b, masks);
        if (!c) continue;
        record(f, *a, *b, *c, !ab.empty(), !ba.empty());
        if (model_->exhausted()) return;
      }
  }

  // An intra-warp conflict of a and b under some assignment of the loop
  // counters, in both symbol sets; none when any assignment leaves an
  // address unknown or lets threads of different warps conflict.
  std::optional<Conflict> conflict(const Frame &f, const SharedAccess &a, const SharedAccess &b,
                                   const std::vector<uint64_t> &masks) {
    std::vector<std::vector<int64_t>> as = assignments(a.loops), bs = assignments(b.loops);
    if (as.empty() || bs.empty() || as.size() * bs.size() > kMaxCombos * 4) return std::nullopt;
    std::set<std::pair<size_t, size_t>> combos;
    for (uint64_t mask : masks)
      for (size_t ia = 0; ia < as.size(); ++ia)
        for (size_t ib = 0; ib < bs.size(); ++ib) {
          bool ok = true;
          // A counter both share keeps its value unless the path passes the
          // loop's increment (loops of the call sites never change).
          for (size_t x = 0; x < a.loops.size() && ok; ++x)
            for (size_t y = 0; y < b.loops.size() && ok; ++y)
              if (a.loops[x] == b.loops[y] && as[ia][x] != bs[ib][y] &&
                  !(isOwnLoop(a.loops[x], f) && (mask >> a.loops[x]->index & 1)))
                ok = false;
          if (ok) combos.insert({ia, ib});
        }
    std::optional<Conflict> found;
    for (auto [ia, ib] : combos) {
      SharedAccessModel::Counters ca = countersOf(a.loops, as[ia]), cb = countersOf(b.loops, bs[ib]);
      bool both = true;
      Conflict first;
      for (int sym = 0; sym < 2; ++sym) {
        Conflict c = compare(model_->table(a, ca, sym), a.size, model_->table(b, cb, sym), b.size);
        if (c.unknown || c.cross || model_->exhausted()) return std::nullopt;
        if (!c.intra) both = false;
        if (sym == 0) first = c;
      }
      if (both && !found) found = first;
    }
    return found;
  }

  void record(const Frame &f, const SharedAccess &a, const SharedAccess &b, const Conflict &c, bool aToB, bool bToA) {
    const Stmt *sa = statementOf(f.fn, a.expr), *sb = statementOf(f.fn, b.expr);
    bool aIsX;
    if (sa == sb) {
      // One statement: report the read of the other lane's slot.
      if (a.reads && !a.writes && b.writes) aIsX = true;
      else if (b.reads && !b.writes && a.writes) aIsX = false;
      else aIsX = sm().isBeforeInTranslationUnit(b.expr->getBeginLoc(), a.expr->getBeginLoc());
    } else if (aToB != bToA) {
      aIsX = bToA;
    } else {
      aIsX = sm().isBeforeInTranslationUnit(sb->getBeginLoc(), sa->getBeginLoc());
    }
    Hit h;
    h.x = aIsX ? &a : &b;
    h.w = aIsX ? &b : &a;
    h.tidX = aIsX ? c.tidA : c.tidB;
    h.tidW = aIsX ? c.tidB : c.tidA;
    h.byte = c.byte;
    h.oneWay = aToB != bToA;
    const Stmt *sx = aIsX ? sa : sb;
    if (!context().isReportable(h.x->expr->getBeginLoc())) return;
    StatementReport &r = reports_[key(sx)];
    if (!r.stmt) {
      r.stmt = sx;
      r.fn = f.fn;
    }
    if (r.fn != f.fn) return;
    for (const Hit &o : r.hits)
      if (key(o.x->expr) == key(h.x->expr) && key(o.w->expr) == key(h.w->expr)) return;
    r.hits.push_back(h);
    if (std::find(r.frames.begin(), r.frames.end(), &f) == r.frames.end()) r.frames.push_back(&f);
  }

  // ---- reporting ----------------------------------------------------------

  struct Fix {
    bool self = false;                  // the statement is split (read; sync; write; sync)
    const Stmt *insertBefore = nullptr; // __syncwarp() before this statement
    uint64_t selfMask = 0, insertMask = 0;
    std::string why;                    // no fix-it: why
    bool possible = true;
  };

  // A __syncwarp() some fix-it adds: at the end of a split statement, or
  // before a statement.
  struct PlannedSync {
    unsigned offset; // of the statement, in its file
    FileID file;
    bool after;
    uint64_t mask;
  };
  std::vector<PlannedSync> planned_;

  void emit() {
    std::vector<StatementReport *> order;
    for (auto &[k, r] : reports_) order.push_back(&r);
    std::sort(order.begin(), order.end(), [&](StatementReport *l, StatementReport *r) {
      return sm().isBeforeInTranslationUnit(l->stmt->getBeginLoc(), r->stmt->getBeginLoc());
    });
    for (StatementReport *r : order) {
      const Frame &f = *r->frames.front();
      const Hit *self = nullptr;
      std::vector<const Hit *> others;
      for (const Hit &h : r->hits) {
        if (statementOf(h.w->frame->fn, h.w->expr) == statementOf(h.x->frame->fn, h.x->expr)) {
          if (!self) self = &h;
        } else {
          others.push_back(&h);
        }
      }
      Fix fix;
      if (self) {
        planSplit(*r, *self, fix);
        if (!fix.self) fix.possible = false;
      }
      // Pairs with an earlier statement that a __syncwarp() planned for an
      // earlier finding already orders need nothing more.
      std::vector<const Hit *> uncovered;
      for (const Hit *h : others)
        if (!covered(*r, *h)) uncovered.push_back(h);
      if (!self && uncovered.empty()) continue; // the earlier statement's fix orders these too
      if (!uncovered.empty() && fix.possible) planInsertion(*r, uncovered, fix);
      if (fix.possible && fix.self) plan(r->stmt, true, fix.selfMask);
      if (fix.possible && fix.insertBefore) plan(fix.insertBefore, false, fix.insertMask);
      report(*r, self ? *self : *uncovered.front(), fix, f);
    }
  }

  void plan(const Stmt *s, bool after, uint64_t mask) {
    SourceLocation b = sm().getExpansionLoc(s->getBeginLoc());
    planned_.push_back({sm().getFileOffset(b), sm().getFileID(b), after, mask});
  }

  // The innermost compound statement holding both statements, and the
  // indices of the children that hold each.
  struct Siblings {
    const CompoundStmt *block = nullptr;
    size_t w = 0, x = 0;
  };
  std::optional<Siblings> siblings(const FunctionDecl *fn, const Stmt *w, const Stmt *x) {
    std::vector<const Stmt *> wChain;
    for (const Stmt *s = w; s; s = model_->parentOf(fn, s)) wChain.push_back(s);
    const Stmt *child = x;
    for (const Stmt *s = model_->parentOf(fn, x); s; child = s, s = model_->parentOf(fn, s)) {
      const auto *cs = dyn_cast<CompoundStmt>(s);
      if (!cs) continue;
      auto at = std::find(wChain.begin(), wChain.end(), s);
      if (at == wChain.end() || at == wChain.begin()) continue;
      const Stmt *wChild = *(at - 1);
      Siblings out;
      out.block = cs;
      size_t i = 0;
      bool fw = false, fx = false;
      for (const Stmt *c : cs->body()) {
        if (c == wChild) out.w = i, fw = true;
        if (c == child) out.x = i, fx = true;
        ++i;
      }
      if (!fw || !fx) return std::nullopt;
      return out;
    }
    return std::nullopt;
  }

  // Which child of `block` holds the planned sync, if any.
  std::optional<size_t> childHolding(const CompoundStmt *block, const PlannedSync &ps) {
    size_t i = 0;
    for (const Stmt *c : block->body()) {
      SourceLocation b = sm().getExpansionLoc(c->getBeginLoc()), e = sm().getExpansionLoc(c->getEndLoc());
      if (sm().getFileID(b) == ps.file && sm().getFileOffset(b) <= ps.offset && ps.offset <= sm().getFileOffset(e))
        return i;
      ++i;
    }
    return std::nullopt;
  }

  bool covered(const StatementReport &r, const Hit &h) {
    if (!h.oneWay) return false;
    const FunctionDecl *fn = h.x->frame->fn;
    const Stmt *p = statementOf(h.w->frame->fn, h.w->expr);
    auto sib = siblings(fn, p, r.stmt);
    if (!sib || sib->w > sib->x) return false;
    auto readers = maskOf(r.fn, r.stmt), writers = maskOf(r.fn, p);
    if (!readers || !writers) return false;
    SourceLocation pb = sm().getExpansionLoc(p->getBeginLoc());
    for (const PlannedSync &ps : planned_) {
      if ((*readers & ~ps.mask) || (*writers & ~ps.mask)) continue;
      auto i = childHolding(sib->block, ps);
      if (!i) continue;
      bool between = ps.after ? (sib->w < *i && *i < sib->x) ||
                                    (ps.file == sm().getFileID(pb) && ps.offset == sm().getFileOffset(pb))
                              : sib->w < *i && *i <= sib->x;
      if (between) return true;
    }
    return false;
  }

  // The function a template instantiation was instantiated from, or itself.
  static const FunctionDecl *pattern(const FunctionDecl *fn) {
    const FunctionDecl *p = fn->getTemplateInstantiationPattern();
    return p ? p : fn;
  }

  // The statement of `fn` at the same place as `s` (another instantiation's).
  const Stmt *counterpart(const FunctionDecl *fn, const Stmt *s) {
    std::vector<const Stmt *> work{fn->getBody()};
    while (!work.empty()) {
      const Stmt *c = work.back();
      work.pop_back();
      if (!c) continue;
      if (c->getStmtClass() == s->getStmtClass() && c->getBeginLoc() == s->getBeginLoc() &&
          c->getEndLoc() == s->getEndLoc())
        return c;
      for (const Stmt *k : c->children()) work.push_back(k);
    }
    return nullptr;
  }

  // The one mask of the lanes that reach `s` (a statement of `fn`) in every
  // frame of every instantiation of fn that reaches it: each warp that
  // reaches it does so with the same lanes, none of them only maybe.
  std::optional<uint64_t> maskOf(const FunctionDecl *fn, const Stmt *s) {
    std::optional<uint64_t> mask;
    for (const Frame *f : model_->frames()) {
      if (pattern(f->fn) != pattern(fn)) continue;
      const Stmt *here = f->fn == fn ? s : counterpart(f->fn, s);
      if (!here) return std::nullopt;
      std::optional<std::optional<uint64_t>> &m = maskCache_[{f, here}];
      if (!m) m = frameMask(*f, here);
      if (!*m) return std::nullopt;
      if (**m == 0) continue; // not reached in this frame
      if (mask && *mask != **m) return std::nullopt;
      mask = **m;
    }
    return mask;
  }

  // 0 when no lane reaches `s` in this frame; nullopt when the lanes
  // that reach it are not known or differ between warps.
  std::optional<uint64_t> frameMask(const Frame &f, const Stmt *s) {
    const Stmt *anchor = s;
    if (const auto *ds = dyn_cast<DeclStmt>(s)) {
      const auto *vd = ds->isSingleDecl() ? dyn_cast<VarDecl>(ds->getSingleDecl()) : nullptr;
      anchor = vd ? vd->getInit() : nullptr;
    } else if (const auto *is = dyn_cast<IfStmt>(s)) {
      anchor = is->getInit() || is->getConditionVariable() ? nullptr : is->getCond();
    } else if (const auto *rs = dyn_cast<ReturnStmt>(s)) {
      anchor = rs->getRetValue();
    } else if (!isa<Expr>(s)) {
      anchor = nullptr;
    }
    anchor = model_->cfgElement(f.fn, anchor);
    if (!anchor) return std::nullopt;
    // The counted loops around s in this frame and around its call sites.
    std::vector<const CountedLoop *> loops;
    const Stmt *inner = s;
    for (const Frame *g = &f; g; inner = g->callSite, g = g->parent) {
      for (const Stmt *p = model_->parentOf(g->fn, inner); p; p = model_->parentOf(g->fn, p))
        for (const CountedLoop &cl : g->loops)
          if (cl.loop == p) loops.push_back(&cl);
      if (!g->callSite) break;
    }
    std::optional<uint64_t> mask;
    std::vector<std::vector<int64_t>> all = assignments(loops);
    if (all.empty()) return std::nullopt;
    for (const auto &vals : all) {
      LaneFacts r = model_->reach(f, anchor, countersOf(loops, vals));
      for (unsigned w = 0; w < LaneFacts::kWarps; ++w) {
        uint64_t m = 0;
        for (unsigned l = 0; l < 32; ++l) {
          if (r.reach[w][l] == Reach::Maybe) return std::nullopt;
          if (r.reach[w][l] == Reach::Yes) m |= uint64_t(1) << l;
        }
        if (!m) continue;
        if (mask && *mask != m) return std::nullopt;
        mask = m;
      }
    }
    return mask ? *mask : 0;
  }

  // A statement `LHS op= RHS;` (or `LHS = RHS;`) whose RHS reads what
  // another lane writes through LHS: read into a register, __syncwarp(),
  // write, __syncwarp() — the guide's rewrite.
  void planSplit(const StatementReport &r, const Hit &self, Fix &fix) {
    const auto *e = dyn_cast<Expr>(r.stmt);
    const auto *bo = e ? dyn_cast<BinaryOperator>(e->IgnoreImplicit()) : nullptr;
    if (!bo || !bo->isAssignmentOp() || strip(bo->getLHS()) != strip(self.w->expr) ||
        !within(self.x->expr, bo->getRHS()) || !isStatementPosition(self.x->frame->fn, r.stmt)) {
      fix.why = "the exchange is not a plain assignment statement";
      return;
    }
    auto mask = maskOf(r.fn, r.stmt);
    if (!mask) {
      fix.why = "which lanes reach this statement depends on run-time data";
      return;
    }
    fix.self = true;
    fix.selfMask = *mask;
  }

  // Pairs with earlier statements: one __syncwarp() before the statement
  // (of their innermost common block) that every lane of both passes.
  void planInsertion(const StatementReport &r, const std::vector<const Hit *> &hits, Fix &fix) {
    const Stmt *target = nullptr;
    for (const Hit *h : hits) {
      const FunctionDecl *fn = h->x->frame->fn;
      auto sib = siblings(fn, statementOf(h->w->frame->fn, h->w->expr), r.stmt);
      // A write late in a loop body and a read early in it meet through the
      // back edge only: a __syncwarp() at the read orders the iterations.
      bool carried = sib && sib->w > sib->x && isLoopBody(fn, sib->block);
      if (!h->oneWay || (sib && sib->w > sib->x && !carried)) {
        fix.possible = false;
        fix.why = "the two accesses meet across iterations of a loop";
        return;
      }
      if (!sib || sib->w == sib->x) {
        fix.possible = false;
        fix.why = "the write and the read are not in one block of statements";
        return;
      }
      const Stmt *t = sib->block->body_begin()[sib->x];
      if ((target && t != target) || !isStatementPosition(fn, t)) {
        fix.possible = false;
        fix.why = "the write and the read are not in one block of statements";
        return;
      }
      target = t;
    }
    if (fix.self && target == r.stmt) {
      fix.insertBefore = target; // folded into the split
      fix.insertMask = fix.selfMask;
      return;
    }
    auto mask = maskOf(r.fn, target);
    if (!mask) {
      fix.possible = false;
      fix.why = "which lanes reach the statement between them depends on run-time data";
      return;
    }
    fix.insertBefore = target;
    fix.insertMask = *mask;
  }

  bool isLoopBody(const FunctionDecl *fn, const Stmt *block) {
    const Stmt *p = model_->parentOf(fn, block);
    if (const auto *fs = dyn_cast_or_null<ForStmt>(p)) return fs->getBody() == block;
    if (const auto *ws = dyn_cast_or_null<WhileStmt>(p)) return ws->getBody() == block;
    if (const auto *ds = dyn_cast_or_null<DoStmt>(p)) return ds->getBody() == block;
    return false;
  }

  bool within(const Stmt *inner, const Stmt *outer) {
    clang::SourceRange o = outer->getSourceRange(), i = inner->getSourceRange();
    return !sm().isBeforeInTranslationUnit(i.getBegin(), o.getBegin()) &&
           !sm().isBeforeInTranslationUnit(o.getEnd(), i.getEnd());
  }

  // A statement that can be replaced by a braced block or preceded by one.
  bool isStatementPosition(const FunctionDecl *fn, const Stmt *s) {
    const Stmt *p = model_->parentOf(fn, s);
    if (!p) return false;
    if (isa<CompoundStmt>(p)) return true;
    if (const auto *is = dyn_cast<IfStmt>(p)) return is->getThen() == s || is->getElse() == s;
    if (const auto *fs = dyn_cast<ForStmt>(p)) return fs->getBody() == s;
    if (const auto *ws = dyn_cast<WhileStmt>(p)) return ws->getBody() == s;
    if (const auto *ds = dyn_cast<DoStmt>(p)) return ds->getBody() == s;
    return false;
  }

  std::string syncCall(uint64_t mask) {
    return mask == 0xffffffffu ? "__syncwarp();" : "__syncwarp(" + hexMask(mask) + ");";
  }

  std::string text(clang::SourceRange r) {
    return Lexer::getSourceText(CharSourceRange::getTokenRange(r), sm(), context().ast().getLangOpts()).str();
  }

  // The location just past the `;` that ends expression statement `s`.
  SourceLocation pastSemicolon(const Stmt *s) {
    return Lexer::findLocationAfterToken(s->getEndLoc(), tok::semi, sm(), context().ast().getLangOpts(),
                                         /*SkipTrailingWhitespaceAndNewLine=*/false);
  }

  std::string elementName(const SharedAccess &a, int64_t byte) {
    const VarDecl *v = a.var;
    std::string name = v->getNameAsString();
    QualType t = v->getType();
    ASTContext &ast = context().ast();
    if (!t->isArrayType()) return "'" + name + "'";
    std::vector<int64_t> dims;
    QualType elem = t;
    while (const ArrayType *at = ast.getAsArrayType(elem)) {
      if (const auto *ct = dyn_cast<ConstantArrayType>(at)) dims.push_back(int64_t(ct->getSize().getZExtValue()));
      else dims.push_back(-1);
      elem = at->getElementType();
    }
    int64_t es = elem->isIncompleteType() ? 0 : ast.getTypeSizeInChars(elem).getQuantity();
    if (es <= 0 || a.size != es || byte % es != 0 || byte < 0) return "byte " + std::to_string(byte) + " of '" + name + "'";
    int64_t flat = byte / es;
    std::string idx;
    for (size_t d = dims.size(); d-- > 0;) {
      int64_t n = d == 0 || dims[d] <= 0 ? flat : flat % dims[d];
      idx = "[" + std::to_string(n) + "]" + idx;
      flat = d == 0 || dims[d] <= 0 ? 0 : flat / dims[d];
    }
    return name + idx;
  }

  static std::string lane(unsigned tid) {
    return tid < 32 ? "lane " + std::to_string(tid) : describeLane(tid / 32, tid % 32, 32);
  }

  std::string freshName(const std::string &code) {
    for (const char *n : {"v", "val", "tmp", "other", "v0", "v1", "v2"})
      if (!std::regex_search(code, std::regex(std::string("\\b") + n + "\\b"))) return n;
    return "warp_tmp";
  }

  void report(const StatementReport &r, const Hit &h, const Fix &fix, const Frame &f) {
    const SharedAccess &x = *h.x, &w = *h.w;
    const char *xVerb, *wVerb, *outcome;
    if (w.writes && x.reads) {
      xVerb = "reads";
      wVerb = "writes";
      outcome = "the read may see the value from before or after the write";
    } else if (x.writes && w.reads) {
      xVerb = "writes";
      wVerb = "reads";
      outcome = "the write may land before the other lane has read the old value";
    } else {
      xVerb = "writes";
      wVerb = "writes";
      outcome = "either write may land last";
    }
    bool sameStmt = statementOf(w.frame->fn, w.expr) == statementOf(x.frame->fn, x.expr);
    std::string where = sameStmt ? "in the same statement"
                                 : "at line " + std::to_string(sm().getExpansionLineNumber(w.expr->getBeginLoc()));
    if (!sameStmt && h.oneWay && sm().isBeforeInTranslationUnit(x.expr->getBeginLoc(), w.expr->getBeginLoc()))
      where += " in an earlier iteration";
    std::string elem = elementName(x, h.byte);
    std::string msg = "shared memory exchanged between lanes of a warp with no __syncwarp() in between: " +
                      lane(h.tidX) + " " + xVerb + " " + elem + " here while " + lane(h.tidW) + " " + wVerb +
                      " it " + where + "; the lanes of a warp are not in lockstep (independent thread scheduling, "
                      "sm_70 and later), so " + outcome;
    if (x.isVolatile || w.isVolatile)
      msg += "; 'volatile' does not order accesses of different lanes, it only keeps each access in memory";
    FindingBuilder b = diag(x.expr->getBeginLoc(), msg);
    b.range(x.expr->getSourceRange());
    if (!sameStmt || key(w.expr) != key(x.expr))
      b.note(w.expr->getBeginLoc(), lane(h.tidW) + " " + wVerb + " " + elem + " here");
    for (const Frame *g = &f; g && g->callSite; g = g->parent)
      b.note(g->callSite->getBeginLoc(), "in this call of '" + g->fn->getNameAsString() + "'");
    addFix(b, r, fix);
  }

  void addFix(FindingBuilder &b, const StatementReport &r, const Fix &fix) {
    const char *alternative = "or exchange the values in registers with __shfl_down_sync()/__shfl_xor_sync()";
    bool splitOk = fix.self;
    bool insertOk = fix.insertBefore != nullptr;
    if (!fix.possible || (!splitOk && !insertOk)) {
      std::string why = fix.why.empty() ? "the accesses are not in straight-line code" : fix.why;
      b.note(r.stmt->getBeginLoc(), "no fix-it: " + why + "; put __syncwarp(mask) between the two accesses, "
                                    "reached by every lane in mask, " + alternative);
      return;
    }
    const Stmt *s = r.stmt;
    if (s->getBeginLoc().isMacroID() || s->getEndLoc().isMacroID() ||
        (insertOk && fix.insertBefore->getBeginLoc().isMacroID())) {
      b.note(s->getBeginLoc(), "no fix-it inside a macro: put __syncwarp() between the two accesses, " +
                                   std::string(alternative));
      return;
    }
    bool leading = insertOk && fix.insertBefore == s && splitOk;
    if (insertOk && !leading) {
      SourceLocation at = fix.insertBefore->getBeginLoc();
      std::string indent = indentation(at);
      b.fixit(CharSourceRange::getCharRange(at, at),
              syncCall(fix.insertMask) + (indent.empty() ? std::string(" ") : "\n" + indent));
    }
    if (splitOk) {
      const auto *bo = cast<BinaryOperator>(cast<Expr>(s)->IgnoreImplicit());
      SourceLocation end = pastSemicolon(s);
      if (end.isInvalid()) {
        b.note(s->getBeginLoc(), "no fix-it: the statement does not end with ';'; read into a register, "
                                 "__syncwarp(), write, __syncwarp()");
        return;
      }
      std::string whole = text(s->getSourceRange());
      std::string name = freshName(whole);
      std::string sync = syncCall(fix.selfMask);
      std::string repl = "{ " + (leading ? sync + " " : std::string()) + "auto " + name + " = " +
                         text(bo->getRHS()->getSourceRange()) + "; " + sync + " " + text(bo->getLHS()->getSourceRange()) +
                         " " + BinaryOperator::getOpcodeStr(bo->getOpcode()).str() + " " + name + "; " + sync + " }";
      b.fixit(CharSourceRange::getCharRange(s->getBeginLoc(), end), repl);
      b.note(s->getBeginLoc(), "fix: read into a register, __syncwarp(), then write and __syncwarp() again, as the "
                               "programming guide does, " + std::string(alternative));
    } else {
      b.note(fix.insertBefore->getBeginLoc(),
             "fix: __syncwarp() here, where every lane of both accesses passes, " + std::string(alternative));
    }
  }

  std::string indentation(SourceLocation at) {
    std::pair<FileID, unsigned> d = sm().getDecomposedLoc(sm().getFileLoc(at));
    bool invalid = false;
    llvm::StringRef buf = sm().getBufferData(d.first, &invalid);
    if (invalid) return "";
    size_t lineStart = buf.rfind('\n', d.second == 0 ? 0 : d.second - 1);
    lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
    llvm::StringRef prefix = buf.slice(lineStart, d.second);
    return prefix.find_first_not_of(" \t") == llvm::StringRef::npos ? prefix.str() : "";
  }
};

} // namespace

CheckFactory warpImplicitSynchronousCheck() {
  return checkFactory<WarpImplicitSynchronousCheck>(rule::WarpImplicitSynchronous);
}

} // namespace warpcheck
