// Symbolic integers, memory regions and path constraints for the async-copy
// path analysis (see AsyncCopyValues.h).
#include "analyzer/analyses/AsyncCopyValues.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/OperationKinds.h"
#include "clang/AST/RecordLayout.h"
#include "llvm/ADT/Hashing.h"
#include <algorithm>
#include <numeric>

namespace warpcheck {

using namespace clang;

std::string Lin::key() const {
  std::string s = std::to_string(c);
  for (const auto &[a, k] : terms) s += "|" + std::to_string(k) + "*" + std::to_string(a);
  return s;
}

void Lin::hashInto(StateHash &h) const {
  h.add(c).add(terms.size());
  for (const auto &[a, k] : terms) h.add(a).add(k);
}

size_t Lin::hash() const {
  StateHash h;
  hashInto(h);
  return h.value();
}

namespace {

bool addOverflows(int64_t a, int64_t b, int64_t &r) { return __builtin_add_overflow(a, b, &r); }
bool mulOverflows(int64_t a, int64_t b, int64_t &r) { return __builtin_mul_overflow(a, b, &r); }

std::optional<Lin> combine(const Lin &a, const Lin &b, int64_t kb) {
  Lin r;
  int64_t cb;
  if (mulOverflows(b.c, kb, cb) || addOverflows(a.c, cb, r.c)) return std::nullopt;
  size_t i = 0, j = 0;
  while (i < a.terms.size() || j < b.terms.size()) {
    if (j == b.terms.size() || (i < a.terms.size() && a.terms[i].first < b.terms[j].first)) {
      r.terms.push_back(a.terms[i++]);
      continue;
    }
    int64_t k;
    if (mulOverflows(b.terms[j].second, kb, k)) return std::nullopt;
    if (i < a.terms.size() && a.terms[i].first == b.terms[j].first) {
      if (addOverflows(a.terms[i].second, k, k)) return std::nullopt;
      if (k) r.terms.push_back({a.terms[i].first, k});
      ++i, ++j;
      continue;
    }
    r.terms.push_back({b.terms[j++].first, k});
  }
  return r;
}

int64_t floorDiv(int64_t a, int64_t b) { // b > 0
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}
int64_t ceilDiv(int64_t a, int64_t b) { return -floorDiv(-a, b); }

} // namespace

std::optional<Lin> add(const Lin &a, const Lin &b) { return combine(a, b, 1); }
std::optional<Lin> sub(const Lin &a, const Lin &b) { return combine(a, b, -1); }
std::optional<Lin> scale(const Lin &a, int64_t k) {
  if (k == 0) return Lin::constant(0);
  return combine(Lin::constant(0), a, k);
}

AtomId AtomTable::intern(const std::string &key, bool threadDependent) {
  auto [it, inserted] = ids_.try_emplace(key, AtomId(atoms_.size()));
  if (inserted) {
    atoms_.push_back(AtomInfo{});
    atoms_.back().threadDependent = threadDependent;
  }
  return it->second;
}

AtomId AtomTable::internMod(const Lin &inner, int64_t modulus) {
  AtomId a = intern("mod:" + inner.key() + "%" + std::to_string(modulus), threadDependent(inner));
  atoms_[a].modInner = inner;
  atoms_[a].modulus = modulus;
  return a;
}

bool AtomTable::threadDependent(const Lin &l) const {
  for (const auto &t : l.terms)
    if (atoms_[t.first].threadDependent) return true;
  return false;
}

void splitByThread(const AtomTable &atoms, const Lin &l, Lin &uniform, Lin &thread) {
  uniform = Lin::constant(l.c);
  thread = Lin::constant(0);
  for (const auto &t : l.terms) (atoms.info(t.first).threadDependent ? thread : uniform).terms.push_back(t);
}

std::optional<bool> sameValue(const AtomTable &atoms, const Lin &a, const Lin &b) {
  std::optional<Lin> d = sub(a, b);
  if (!d) return std::nullopt;
  if (d->isConst()) return d->c == 0;
  // k * (x mod M) - k * (y mod M), with x - y a constant
  if (d->c == 0 && d->terms.size() == 2 && d->terms[0].second == -d->terms[1].second) {
    const AtomInfo &x = atoms.info(d->terms[0].first), &y = atoms.info(d->terms[1].first);
    if (x.modInner && y.modInner && x.modulus == y.modulus) {
      std::optional<Lin> e = sub(*x.modInner, *y.modInner);
      if (e && e->isConst()) return e->c % x.modulus == 0;
    }
  }
  return std::nullopt;
}

// ---- regions ----------------------------------------------------------------

std::string Region::key() const {
  std::string s = std::to_string(reinterpret_cast<uintptr_t>(root));
  for (const Step &st : steps) {
    if (st.field) s += ".f" + std::to_string(reinterpret_cast<uintptr_t>(st.field));
    else s += "[" + (st.index ? st.index->key() : std::string("?")) + "x" + std::to_string(st.stride) + "]";
  }
  return s;
}

void Region::hashInto(StateHash &h) const {
  h.add(root).add(steps.size());
  for (const Step &st : steps) {
    h.add(st.field).add(st.stride).add(st.index.has_value());
    if (st.index) st.index->hashInto(h);
  }
}

size_t Region::hash() const {
  StateHash h;
  hashInto(h);
  return h.value();
}

std::string Region::shape() const {
  std::string s;
  for (const Step &st : steps) s += st.field ? "f" + st.field->getNameAsString() : "i" + std::to_string(st.stride);
  return s;
}

void Region::offsetBytes(const std::optional<Lin> &bytes) {
  if (steps.empty() || steps.back().field) {
    Step st;
    st.index = bytes;
    steps.push_back(st);
    return;
  }
  Step &last = steps.back();
  if (!bytes || !last.index) {
    last.index.reset();
    return;
  }
  bool divisible = bytes->c % last.stride == 0;
  for (const auto &t : bytes->terms) divisible = divisible && t.second % last.stride == 0;
  if (divisible) {
    Lin units = Lin::constant(bytes->c / last.stride);
    for (const auto &t : bytes->terms) units.terms.push_back({t.first, t.second / last.stride});
    last.index = add(*last.index, units);
    return;
  }
  std::optional<Lin> inBytes = scale(*last.index, last.stride);
  last.index = inBytes ? add(*inBytes, *bytes) : std::nullopt;
  last.stride = 1;
}

std::optional<Lin> Region::flatBytes(const ASTContext &ast) const {
  Lin total;
  for (const Step &st : steps) {
    std::optional<Lin> part;
    if (st.field) {
      const RecordDecl *rd = st.field->getParent();
      if (!rd || rd->isInvalidDecl() || !rd->getDefinition() || rd->isDependentType()) return std::nullopt;
      const ASTRecordLayout &layout = ast.getASTRecordLayout(rd);
      part = Lin::constant(int64_t(layout.getFieldOffset(st.field->getFieldIndex()) / 8));
    } else if (st.index) {
      part = scale(*st.index, st.stride);
    }
    if (!part) return std::nullopt;
    std::optional<Lin> sum = add(total, *part);
    if (!sum) return std::nullopt;
    total = *sum;
  }
  return total;
}

// ---- constraints ------------------------------------------------------------

// Rewrites `lhs OP 0` as `P OP' bound` with P normalised; OP' is one of
// <=, >=, ==, !=, or BO_LAnd (always true) / BO_LOr (always false).
bool Constraints::normalise(const Lin &lhs, int &op, Key &key, int64_t &bound) {
  if (lhs.isConst()) return false;
  int64_t g = 0;
  for (const auto &t : lhs.terms) g = std::gcd(g, t.second < 0 ? -t.second : t.second);
  int64_t sign = lhs.terms.front().second < 0 ? -1 : 1;
  key.clear();
  for (const auto &t : lhs.terms) key.push_back({t.first, t.second / g * sign});
  // sign * g * P + c OP 0  <=>  P OP'' -c / (sign * g)
  int64_t num = -lhs.c * sign; // P (OP, flipped when sign < 0) num / g
  if (sign < 0) {
    switch (op) {
    case BO_LT: op = BO_GT; break;
    case BO_GT: op = BO_LT; break;
    case BO_LE: op = BO_GE; break;
    case BO_GE: op = BO_LE; break;
    default: break;
    }
  }
  bool exact = num % g == 0;
  switch (op) {
  case BO_LT: op = BO_LE, bound = ceilDiv(num, g) - 1; break;
  case BO_LE: op = BO_LE, bound = floorDiv(num, g); break;
  case BO_GT: op = BO_GE, bound = floorDiv(num, g) + 1; break;
  case BO_GE: op = BO_GE, bound = ceilDiv(num, g); break;
  case BO_EQ: op = exact ? BO_EQ : BO_LOr, bound = num / g; break;
  case BO_NE: op = exact ? BO_NE : BO_LAnd, bound = num / g; break;
  default: return false;
  }
  return true;
}

std::optional<bool> compareWithZero(int64_t v, int op) {
  switch (op) {
  case BO_LT: return v < 0;
  case BO_LE: return v <= 0;
  case BO_GT: return v > 0;
  case BO_GE: return v >= 0;
  case BO_EQ: return v == 0;
  case BO_NE: return v != 0;
  default: return std::nullopt;
  }
}

std::optional<bool> Constraints::decide(const Lin &lhs, int op) const {
  if (lhs.isConst()) return compareWithZero(lhs.c, op);
  Key key;
  int64_t b;
  if (!normalise(lhs, op, key, b)) return std::nullopt;
  if (op == BO_LAnd) return true;
  if (op == BO_LOr) return false;
  auto it = facts_.find(key);
  if (it == facts_.end()) return std::nullopt;
  const Range &r = it->second;
  bool excluded = std::find(r.excluded.begin(), r.excluded.end(), b) != r.excluded.end();
  switch (op) {
  case BO_LE:
    if (r.hi <= b) return true;
    if (r.lo > b) return false;
    return std::nullopt;
  case BO_GE:
    if (r.lo >= b) return true;
    if (r.hi < b) return false;
    return std::nullopt;
  case BO_EQ:
  case BO_NE: {
    std::optional<bool> eq;
    if (r.lo == b && r.hi == b) eq = true;
    else if (b < r.lo || b > r.hi || excluded) eq = false;
    if (!eq) return std::nullopt;
    return op == BO_EQ ? *eq : !*eq;
  }
  default: return std::nullopt;
  }
}

bool Constraints::assume(const Lin &lhs, int op) {
  std::optional<bool> known = decide(lhs, op);
  if (known) return *known;
  Key key;
  int64_t b;
  if (!normalise(lhs, op, key, b)) return true;
  Range &r = facts_[key];
  switch (op) {
  case BO_LE: r.hi = std::min(r.hi, b); break;
  case BO_GE: r.lo = std::max(r.lo, b); break;
  case BO_EQ: r.lo = r.hi = b; break;
  case BO_NE:
    if (b == r.lo) ++r.lo;
    else if (b == r.hi) --r.hi;
    else if (r.excluded.size() < 4) r.excluded.push_back(b), std::sort(r.excluded.begin(), r.excluded.end());
    break;
  default: break;
  }
  // Bounds that hit an excluded value move past it.
  for (bool moved = true; moved;) {
    moved = false;
    for (int64_t x : r.excluded) {
      if (x == r.lo && r.lo < r.hi) ++r.lo, moved = true;
      if (x == r.hi && r.hi > r.lo) --r.hi, moved = true;
    }
  }
  bool pinnedToExcluded = r.lo == r.hi && std::find(r.excluded.begin(), r.excluded.end(), r.lo) != r.excluded.end();
  return r.lo <= r.hi && !pinnedToExcluded;
}

bool Constraints::implies(const Constraints &weaker) const {
  for (const auto &[k, w] : weaker.facts_) {
    auto it = facts_.find(k);
    if (it == facts_.end()) return false;
    const Range &r = it->second;
    if (r.lo < w.lo || r.hi > w.hi) return false;
    for (int64_t x : w.excluded)
      if (x >= r.lo && x <= r.hi && std::find(r.excluded.begin(), r.excluded.end(), x) == r.excluded.end()) return false;
  }
  return true;
}

Constraints Constraints::common(const Constraints &other) const {
  Constraints c;
  for (const auto &[k, r] : facts_)
    if (auto it = other.facts_.find(k); it != other.facts_.end() && it->second == r) c.facts_.emplace(k, r);
  return c;
}

size_t Constraints::hash() const {
  size_t h = 0;
  for (const auto &[k, r] : facts_)
    h = llvm::hash_combine(h, llvm::hash_combine_range(k.begin(), k.end()), r.lo, r.hi, llvm::hash_combine_range(r.excluded.begin(), r.excluded.end()));
  return h;
}

} // namespace warpcheck
