#pragma once
// Where each function of the TU is called from: the calls of a device
// helper, with the function that makes each, found in one walk of the TU per
// pass. A rule that checks a helper's own code as if every lane entered it
// can narrow that to the lanes that reach one of its calls.
#include "analyzer/core/AnalysisContext.h"
#include "clang/AST/Expr.h"
#include <vector>

namespace warpcheck {

struct DeviceCall {
  const clang::FunctionDecl *caller;
  const clang::CallExpr *call;
};

// The direct calls of `callee` (any redeclaration; a template's
// specialisation is its own callee) in function bodies of the TU.
const std::vector<DeviceCall> &callsOf(AnalysisContext &ctx, const clang::FunctionDecl *callee);

} // namespace warpcheck
