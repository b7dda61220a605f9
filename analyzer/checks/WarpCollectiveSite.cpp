#include "analyzer/checks/WarpCollectiveSite.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/AST/Attr.h"
#include <cstdio>

namespace warpcheck {

using namespace clang;
using namespace clang::ast_matchers;

StatementMatcher warpCollectiveCallMatcher() {
  return callExpr(callee(functionDecl(hasAnyName("__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
                                                 "__shfl_xor_sync", "__ballot_sync", "__all_sync", "__any_sync",
                                                 "__uni_sync", "__match_any_sync", "__match_all_sync",
                                                 "__syncwarp", "__reduce_add_sync", "__reduce_min_sync",
                                                 "__reduce_max_sync", "__reduce_and_sync", "__reduce_or_sync",
                                                 "__reduce_xor_sync"))),
                  forFunction(functionDecl(anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice)))
                                  .bind("fn")))
      .bind("call");
}

std::optional<WarpCollectiveSite> analyseWarpCollective(CheckContext &ctx, const CallExpr *call) {
  if (!call || call->getNumArgs() == 0 || !ctx.isReportable(call->getBeginLoc())) return std::nullopt;
  ProgramUniformity &program = ctx.uniformity();
  const FunctionDecl *fn = program.enclosingFunction(call);
  if (!fn || fn->isDependentContext()) return std::nullopt;
  WarpCollectiveSite site;
  site.call = call;
  site.name = calleeName(call).str();
  site.kind = warpCollectiveOf(site.name);
  site.function = program.function(fn);
  if (!site.function) return std::nullopt;
  site.lanes = std::make_unique<LaneModel>(*site.function, ctx.options().warpSize);
  site.reach = site.lanes->reachOf(call);
  site.mask = site.lanes->maskOf(call->getArg(0));
  return site;
}

std::string describeLane(unsigned warp, unsigned lane, unsigned warpSize) {
  return "lane " + std::to_string(lane) + " of warp " + std::to_string(warp) + " (threadIdx.x == " +
         std::to_string(warp * warpSize + lane) + ")";
}

SourceLocation maskLoc(const CallExpr *call) {
  SourceLocation l = call->getNumArgs() ? call->getArg(0)->getBeginLoc() : SourceLocation();
  return l.isValid() ? l : call->getBeginLoc();
}

std::string hexMask(uint64_t m) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(m));
  return buf;
}

} // namespace warpcheck
