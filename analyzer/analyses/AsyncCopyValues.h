#pragma once
// The symbolic values of the async-copy path analysis (AsyncCopyPaths):
//
// - Lin: an integer as a constant plus a linear combination of atoms. An
//   atom is a value the analysis does not compute (a parameter, threadIdx.x,
//   a load, `k % 3` of an unknown k), interned by what produced it, so that
//   the same expression over the same values is the same atom on every path.
// - Region: a place in memory, as a root declaration (the shared array, or a
//   pointer parameter) and a path of indices (with their byte strides) and
//   fields.
// - Constraints: what the branches taken so far say about linear
//   combinations of atoms (an interval each), so that correlated conditions
//   (`if (k + 1 < n)` twice, a loop bound tested again after the loop) are
//   decided consistently along a path.
#include "analyzer/analyses/StateHash.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

using AtomId = uint32_t;

struct Lin {
  int64_t c = 0;
  llvm::SmallVector<std::pair<AtomId, int64_t>, 2> terms; // sorted by atom, no zero coefficient

  static Lin constant(int64_t v) { Lin l; l.c = v; return l; }
  static Lin atom(AtomId a) { Lin l; l.terms.push_back({a, 1}); return l; }
  bool isConst() const { return terms.empty(); }
  bool operator==(const Lin &o) const { return c == o.c && terms == o.terms; }
  bool operator!=(const Lin &o) const { return !(*this == o); }
  std::string key() const;
  // Equal Lins hash alike; cheaper than hashing key() (see hashState).
  size_t hash() const;
  void hashInto(StateHash &h) const;
};

std::optional<Lin> add(const Lin &a, const Lin &b);
std::optional<Lin> sub(const Lin &a, const Lin &b);
std::optional<Lin> scale(const Lin &a, int64_t k);

struct AtomInfo {
  bool threadDependent = false;
  // For `inner mod modulus` atoms (x % M, x & (M-1)): lets two of them be
  // compared when their inner values differ by a constant.
  std::optional<Lin> modInner;
  int64_t modulus = 0;
};

class AtomTable {
public:
  AtomId intern(const std::string &key, bool threadDependent);
  AtomId internMod(const Lin &inner, int64_t modulus);
  const AtomInfo &info(AtomId a) const { return atoms_[a]; }
  bool threadDependent(const Lin &l) const;

private:
  llvm::StringMap<AtomId> ids_; // ids in order of first use
  std::vector<AtomInfo> atoms_;
};

// Splits `l` into its thread-dependent terms and the rest (constant included).
void splitByThread(const AtomTable &atoms, const Lin &l, Lin &uniform, Lin &thread);

// Whether `a` and `b` are certainly equal (true), certainly different
// (false), or either (nullopt): equal Lins, different constants, and
// `x mod M` against `(x + d) mod M`.
std::optional<bool> sameValue(const AtomTable &atoms, const Lin &a, const Lin &b);

struct Region {
  struct Step {
    const clang::FieldDecl *field = nullptr; // a field step, or else an index step:
    std::optional<Lin> index;                // in units of `stride` bytes
    int64_t stride = 1;
    bool operator==(const Step &o) const {
      return field == o.field && stride == o.stride && index == o.index;
    }
  };
  const clang::ValueDecl *root = nullptr;
  llvm::SmallVector<Step, 3> steps;

  bool operator==(const Region &o) const { return root == o.root && steps == o.steps; }
  std::string key() const;
  // Equal Regions hash alike; cheaper than hashing key().
  size_t hash() const;
  void hashInto(StateHash &h) const;
  // Moves the innermost index by `bytes` (pointer arithmetic).
  void offsetBytes(const std::optional<Lin> &bytes);
  // The byte offset from the root, when every step is known.
  std::optional<Lin> flatBytes(const clang::ASTContext &ast) const;
  // Index steps and strides, fields by name: regions of the same shape are
  // compared step by step.
  std::string shape() const;
};

// The value of `v OP 0` for OP in <, <=, >, >=, ==, != (clang's
// BinaryOperatorKind), nullopt for another operator.
std::optional<bool> compareWithZero(int64_t v, int op);

// What the path has assumed about linear combinations of atoms.
class Constraints {
public:
  // The value of `lhs OP 0` for OP in <, <=, >, >=, ==, != (clang's
  // BinaryOperatorKind), or nullopt when the assumptions do not decide it.
  std::optional<bool> decide(const Lin &lhs, int op) const;
  // Records that `lhs OP 0` holds; false when that contradicts what is known.
  bool assume(const Lin &lhs, int op);
  size_t hash() const;
  bool operator==(const Constraints &o) const { return facts_ == o.facts_; }
  // Whether every fact of `weaker` follows from these (each of its ranges
  // contains ours): a path under these assumptions decides a superset of
  // the branches, each the same way.
  bool implies(const Constraints &weaker) const;
  // The facts these and `other` state alike; the others are dropped. Weaker
  // than both: a path under it follows every branch either would.
  Constraints common(const Constraints &other) const;

private:
  struct Range {
    int64_t lo = INT64_MIN, hi = INT64_MAX;
    llvm::SmallVector<int64_t, 2> excluded;
    bool operator==(const Range &o) const { return lo == o.lo && hi == o.hi && excluded == o.excluded; }
  };
  // Keyed by the normalised non-constant part (first coefficient positive,
  // coefficients divided by their gcd), as (atom, coefficient) terms: no
  // string is built per decision (the path explorer decides and assumes at
  // every undecided branch).
  using Key = llvm::SmallVector<std::pair<AtomId, int64_t>, 2>;
  std::map<Key, Range> facts_;
  static bool normalise(const Lin &lhs, int &op, Key &key, int64_t &bound);
};

} // namespace warpcheck
