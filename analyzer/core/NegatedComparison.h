#pragma once
// The comparison that holds exactly when `k` does not (`<` for `>=`): how
// the lane model and the async-copy paths take a branch's other side.
#include "clang/AST/OperationKinds.h"
#include <optional>

namespace warpcheck {

inline std::optional<clang::BinaryOperatorKind> negatedComparison(clang::BinaryOperatorKind k) {
  switch (k) {
  case clang::BO_LT: return clang::BO_GE;
  case clang::BO_GE: return clang::BO_LT;
  case clang::BO_GT: return clang::BO_LE;
  case clang::BO_LE: return clang::BO_GT;
  case clang::BO_EQ: return clang::BO_NE;
  case clang::BO_NE: return clang::BO_EQ;
  default: return std::nullopt;
  }
}

} // namespace warpcheck
