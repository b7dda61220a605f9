#pragma once
// The expression under parentheses and implicit casts, null-safe: how the
// analyses look at an operand whatever conversions clang wrapped it in.
#include "clang/AST/Expr.h"

namespace warpcheck {

inline const clang::Expr *strip(const clang::Expr *e) { return e ? e->IgnoreParenImpCasts() : nullptr; }

} // namespace warpcheck
