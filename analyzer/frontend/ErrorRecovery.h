#pragma once
// Lets the checks run on a TU that clang parsed with errors.
//
// clang recovers from most errors (undeclared names, bad overloads,
// host/device mismatches in headers) and still builds the AST, as
// clang-tidy relies on; nvcc-valid code that clang rejects, typically in a
// system header, must not stop the analysis of the user's functions. The
// functions whose bodies hold an error (and invalid ones) are emptied, so
// the checks never see half-built statements and report nothing there;
// every other function is analysed as usual.
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceLocation.h"
#include <vector>

namespace warpcheck {

// Empties every function definition (template instantiations and lambdas
// included) that is invalid or whose body contains one of `errors`
// (clang's error locations). Returns how many were emptied.
unsigned emptyFunctionsWithErrors(clang::ASTContext &ast, const std::vector<clang::SourceLocation> &errors);

} // namespace warpcheck
