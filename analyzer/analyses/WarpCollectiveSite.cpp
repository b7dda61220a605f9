#include "analyzer/analyses/WarpCollectiveSite.h"
#include "analyzer/cuda/DeviceCode.h"
#include "analyzer/uniformity/ProgramUniformity.h"
#include "clang/AST/Attr.h"
#include "support/Hex.h"

namespace warpcheck {

using namespace clang;
using namespace clang::ast_matchers;

StatementMatcher warpCollectiveCallMatcher() {
  return callExpr(callee(functionDecl(hasAnyName(warpMaskedCollectiveNames())))).bind("call");
}

const FunctionDecl *deviceFunctionOf(AnalysisContext &ctx, const Stmt *s) {
  if (!s) return nullptr;
  return ctx.uniformity().enclosingFunctions().forFunction(s, [](const FunctionDecl *fd) { return runsOnDevice(fd); });
}

namespace {
using SiteCache = std::map<const CallExpr *, std::unique_ptr<WarpCollectiveSite>>;
std::unique_ptr<WarpCollectiveSite> buildSite(AnalysisContext &ctx, const CallExpr *call);
} // namespace

const WarpCollectiveSite *analyseWarpCollective(AnalysisContext &ctx, const CallExpr *call) {
  if (!call || call->getNumArgs() == 0 || !ctx.isReportable(call->getBeginLoc())) return nullptr;
  SiteCache &cache = ctx.shared<SiteCache>("warp-collective-sites");
  auto it = cache.find(call);
  if (it == cache.end()) it = cache.emplace(call, buildSite(ctx, call)).first;
  return it->second.get();
}

namespace {

std::unique_ptr<WarpCollectiveSite> buildSite(AnalysisContext &ctx, const CallExpr *call) {
  ProgramUniformity &program = ctx.uniformity();
  const FunctionDecl *fn = program.enclosingFunction(call);
  if (!fn || fn->isDependentContext()) return nullptr;
  auto result = std::make_unique<WarpCollectiveSite>();
  WarpCollectiveSite &site = *result;
  site.call = call;
  site.name = calleeName(call).str();
  site.kind = warpCollectiveOf(site.name);
  site.function = program.function(fn);
  if (!site.function) return nullptr;
  site.lanes = std::make_unique<LaneModel>(*site.function, ctx.options().warpSize);
  site.reach = site.lanes->reachOf(call);
  site.mask = site.lanes->maskOf(call->getArg(0));
  return result;
}

} // namespace

std::string describeLane(unsigned warp, unsigned lane, unsigned warpSize) {
  return "lane " + std::to_string(lane) + " of warp " + std::to_string(warp) + " (threadIdx.x == " +
         std::to_string(warp * warpSize + lane) + ")";
}

SourceLocation maskLoc(const CallExpr *call) {
  SourceLocation l = call->getNumArgs() ? call->getArg(0)->getBeginLoc() : SourceLocation();
  return l.isValid() ? l : call->getBeginLoc();
}

std::string hexMask(uint64_t m) { return hex(m); }

} // namespace warpcheck
