#pragma once
// What the async-barrier-misuse rule recognises as an operation on an
// asynchronous barrier, and which barrier object it names.
//
// Barriers: libcu++'s `cuda::barrier<Scope>` and `cuda::std::barrier<>`
// (arrive / wait / arrive_and_wait / arrive_and_drop, the friend `init`,
// placement new with a count, cuda::device::barrier_arrive_tx), and raw
// mbarriers: a `uint64_t` in shared memory driven by cuda::ptx::mbarrier_*
// or the CUDA primitives __mbarrier_*.
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include <optional>
#include <string>

namespace warpcheck {

class FunctionUniformity;

enum class BarrierOpKind {
  Init,          // init(&bar, n), new (&bar) barrier(n), mbarrier_init(&b, n)
  Arrive,        // bar.arrive(), barrier_arrive_tx, mbarrier_arrive: returns a token
  ArriveAndWait, // bar.arrive_and_wait()
  ArriveAndDrop, // bar.arrive_and_drop(), __mbarrier_arrive_and_drop
  Wait,          // bar.wait(tok), wait_parity, try_wait*, mbarrier_test/try_wait*
  Use,           // anything else that needs an initialised barrier (memcpy_async, expect_tx)
};

// The barrier object an operation names, as a storage path: the variable
// (or parameter) it lives in, then fields and array indices. An index that
// is not a constant is "[?]": the path then stands for any element.
struct BarrierRef {
  const clang::ValueDecl *root = nullptr; // VarDecl or ParmVarDecl (a pointer to barriers)
  std::string path;                       // "", "[1]", ".full[?]"
  const clang::Expr *expr = nullptr;      // the expression as written (for locations)
  const clang::Expr *address = nullptr;   // its address, for the uniformity of the address
  bool known() const { return root != nullptr; }
  bool exact() const { return root && path.find('?') == std::string::npos; }
  // The same object for sure, or possibly the same object.
  bool same(const BarrierRef &o) const { return root && root == o.root && path == o.path && exact(); }
  bool mayAlias(const BarrierRef &o) const;
  std::string spelling() const; // "bar", "full[1]", "*b"
};

struct BarrierOp {
  BarrierOpKind kind;
  const clang::Expr *expr = nullptr;  // the call (or new-expression)
  BarrierRef bar;
  const clang::Expr *count = nullptr; // init: the expected count; arrive: the update, when given
  const clang::Expr *token = nullptr; // wait: the token argument
  bool raw = false;                   // an mbarrier primitive, not cuda::barrier
  bool remote = false;                // a cluster-space ptx operation (a peer's barrier)
  std::string name;                   // "arrive", "init", "mbarrier_try_wait", ...
};

// The scope of a barrier type: "block", "device", "system", "cluster";
// nullopt when `t` is not a libcu++ barrier (arrays are looked through).
std::optional<std::string> asyncBarrierScope(clang::QualType t);
// A barrier's arrival_token / an mbarrier state (uint64_t token) type.
bool isArrivalTokenType(clang::QualType t);

// Classifies a call (or placement new); `fu` resolves pointers held in
// locals defined once (`auto *b = &bars[1];`), and may be null.
std::optional<BarrierOp> classifyBarrierOp(const clang::Expr *e, const clang::ASTContext &ast,
                                           const FunctionUniformity *fu);

// The barrier object that `e` designates: an lvalue of barrier type, or,
// with `isPointer`, a pointer to one (or to an mbarrier word).
BarrierRef resolveBarrier(const clang::Expr *e, bool isPointer, const clang::ASTContext &ast,
                          const FunctionUniformity *fu);

// A barrier that a callee names through one of its parameters (root = the
// parameter), seen from a call whose argument for it is `argument`.
BarrierRef throughArgument(const BarrierRef &inCallee, const BarrierRef &argument);

// The initializer of a local that nothing assigns, increments, takes the
// address of or binds to a non-const reference afterwards; null otherwise.
const clang::Expr *unchangedInitializer(const clang::VarDecl *v);

// Whether `e` refers to storage rooted at `root` (for arguments of calls).
bool mentionsRoot(const clang::Expr *e, const clang::ValueDecl *root);

} // namespace warpcheck
