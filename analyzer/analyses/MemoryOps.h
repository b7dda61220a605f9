#pragma once
// What device code does for the memory model, as the fence and atomic rules
// see it: fences (with their order and scope), atomic operations (load,
// store or read-modify-write; relaxed or ordering; their scope), and where
// the memory that an lvalue or a pointer names lives.
//
// Everything is recognised by name and by the constant arguments of the
// call, like the uniformity analysis's intrinsics: the bodies of libcu++'s
// atomics and of clang's CUDA wrappers are inline assembly and builtins that
// say nothing readable about ordering.
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <optional>
#include <string>
#include <vector>

namespace warpcheck {

// Memory orders, weakest first (the values of cuda::memory_order and __ATOMIC_*).
enum class MemOrder { Relaxed, Consume, Acquire, Release, AcqRel, SeqCst };
bool ordersEarlierWrites(MemOrder o); // release, acq_rel, seq_cst
bool ordersLaterReads(MemOrder o);    // consume, acquire, acq_rel, seq_cst

// Scopes, narrowest first.
enum class MemScope { Thread, Block, Cluster, Device, System };

struct FenceOp {
  MemOrder order = MemOrder::SeqCst;
  MemScope scope = MemScope::Device;
};

enum class AtomicKind { Load, Store, RMW };
enum class RmwOp { Add, Sub, Inc, Dec, And, Or, Xor, Exch, CAS, Min, Max, Other };

struct AtomicOp {
  AtomicKind kind = AtomicKind::RMW;
  RmwOp op = RmwOp::Other;
  MemOrder order = MemOrder::Relaxed;
  MemScope scope = MemScope::Device;
  // The atomic object: a pointer to it (legacy atomics, builtins) or the
  // object itself (cuda::atomic, cuda::atomic_ref: see MemRoots::ofAtomic).
  const clang::Expr *target = nullptr;
  bool targetIsPointer = false;
  const clang::Expr *operand = nullptr;  // the value added, stored or swapped in
  const clang::Expr *expected = nullptr; // compare-and-swap: the compared value
  std::string name;                      // "atomicInc", "fetch_add", "__atomic_store_n"
};

// __threadfence*(), cuda::[std::]atomic_thread_fence, __atomic_thread_fence,
// the NVVM membar/fence builtins, `fence.*`/`membar.*` inline assembly, and
// the synchronisation objects whose operations imply a fence (grid.sync(),
// cuda::barrier). Null for anything else (a relaxed fence is not a fence).
std::optional<FenceOp> fenceOf(const clang::Stmt *s, clang::ASTContext &ast);

// Legacy atomicXxx[_block|_system] (and HIP's), members and operators of
// cuda::[std::]atomic / atomic_ref, and the __atomic / __hip_atomic /
// __scoped_atomic builtins.
std::optional<AtomicOp> atomicOf(const clang::Stmt *s, clang::ASTContext &ast);

// Global: global memory, or a generic pointer that may point there.
enum class MemSpace { Local, Shared, Global };

// The memory an lvalue or pointer names, as far as it is known.
struct MemRoot {
  MemSpace space = MemSpace::Global;
  // The same for the same memory in every function of the TU: globals and
  // fields by declaration, pointer parameters by name (a producer kernel's
  // `flags` is taken to be its consumer kernel's `flags`); "" when unknown.
  std::string key;
  std::string name; // for messages: "partial", "tail"
};

// Roots of the lvalues and pointers of one function: local pointers defined
// once (or only advanced, `p += stride`) stand for what they were set to.
//
// Classes whose objects are all thread-private (`privateClasses`: each
// thread's own local copy, see threadPrivateClasses) keep the fields their
// methods reach through `this` in local memory.
using ClassSet = llvm::SmallPtrSet<const clang::CXXRecordDecl *, 8>;
class MemRoots {
public:
  explicit MemRoots(const clang::FunctionDecl *fn, const ClassSet *privateClasses = nullptr);
  MemRoot ofLValue(const clang::Expr *lv) const { return lvalue(lv, 0); }
  MemRoot ofPointer(const clang::Expr *p) const { return pointer(p, 0); }
  MemRoot ofAtomic(const AtomicOp &op) const;

private:
  MemRoot lvalue(const clang::Expr *lv, int depth) const;
  MemRoot pointer(const clang::Expr *p, int depth) const;
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> definedOnce_;
  const ClassSet *privateClasses_ = nullptr;
};

// The classes of which `fns` only ever use local objects: their methods are
// called on local variables (or on `this`), their constructors build local
// variables, and free functions take them by reference, or by pointer as
// `&local`, only from local variables (or from such parameters passed on),
// never an object in shared or global memory, an array element, or a
// kernel's pointer parameter. Their `this`, and such a reference or pointer
// parameter, is the calling thread's own object.
ClassSet threadPrivateClasses(const std::vector<const clang::FunctionDecl *> &fns);

} // namespace warpcheck
