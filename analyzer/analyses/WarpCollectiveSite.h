#pragma once
// Shared by the warp-mask rules: finds the calls of warp `_sync` intrinsics
// in device code and computes, per call, which lanes reach it and which
// mask each passes.
#include "analyzer/core/AnalysisContext.h"
#include "analyzer/cuda/CudaBuiltins.h"
#include "analyzer/uniformity/FunctionUniformity.h"
#include "analyzer/uniformity/LaneModel.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <optional>

namespace warpcheck {

struct WarpCollectiveSite {
  const clang::CallExpr *call = nullptr;
  WarpCollective kind = WarpCollective::None;
  std::string name;
  const FunctionUniformity *function = nullptr;
  std::unique_ptr<LaneModel> lanes;
  LaneFacts reach;
  MaskFacts mask;
};

// Matches calls to warp collectives; bind name "call". Anywhere: a rule
// keeps those in device code (deviceFunctionOf) before it runs its step.
clang::ast_matchers::StatementMatcher warpCollectiveCallMatcher();

// The device function (or device lambda's call operator) that
// `forFunction(functionDecl(isDeviceFunction()))` would bind for `s`, from
// the pass's index of enclosing functions instead of a walk up the parent
// map per node; null where that matcher does not match.
const clang::FunctionDecl *deviceFunctionOf(AnalysisContext &ctx, const clang::Stmt *s);

// The site of a matched call, computed once per pass and shared by the
// warp rules; null for calls the analysis cannot place (template patterns,
// no enclosing device function, not reportable).
const WarpCollectiveSite *analyseWarpCollective(AnalysisContext &ctx, const clang::CallExpr *call);

// "lane 17 of warp 1 (threadIdx.x == 49)"
std::string describeLane(unsigned warp, unsigned lane, unsigned warpSize);
std::string hexMask(uint64_t m);
// Where to point at the mask: the argument, or the call when the mask is a
// default argument (`__syncwarp()`).
clang::SourceLocation maskLoc(const clang::CallExpr *call);

} // namespace warpcheck
