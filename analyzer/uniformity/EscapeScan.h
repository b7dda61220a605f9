#pragma once
// Which locals of a function escape: may be read or written through another
// name than their own. The uniformity analysis models those as objects
// updated weakly; the async-copy analysis stops tracking their values.
//
// The two analyses need different notions (one parameter, not two scans):
//   - Storage, the uniformity analysis's. A local escapes when its storage
//     (the variable under member accesses and elements of real arrays) is
//     handed out: &v, a binding to a non-const reference (a parameter of a
//     known callee, of a constructor, a reference variable), a capture by
//     reference, any argument of a call with no known callee, the object of
//     a member call (a method may keep `this`). Cooperative groups'
//     collectives take their value by forwarding reference but only read it
//     (`t = tile.shfl(t, 0)` does not make `t` escape).
//   - Values, the async-copy analysis's, which tracks integer and pointer
//     locals: &v, a binding to a non-const reference and a capture by
//     reference, every forwarding reference included; a pointer whose
//     pointee's method is called, or a value passed to an unknown callee,
//     still holds its value.
// Unifying them changes which locals the async-copy analysis tracks, and so
// its findings: both are kept until the corpus says which is right for it.
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace warpcheck {

enum class EscapeNotion { Storage, Values };

// The locals and parameters of `body` that escape under `notion`.
llvm::SmallPtrSet<const clang::VarDecl *, 16> escapedLocals(const clang::Stmt *body, EscapeNotion notion);

// The variable an lvalue expression names the storage of, looking through
// member access, array subscripts of arrays, and casts.
const clang::VarDecl *storageVar(const clang::Expr *e);

} // namespace warpcheck
