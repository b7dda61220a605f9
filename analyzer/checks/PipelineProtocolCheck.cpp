// pipeline-protocol: the producer/consumer protocol of cuda::pipeline
// (producer_acquire -> memcpy_async -> producer_commit -> consumer_wait ->
// consumer_release, quit) and of the pipeline primitives (copies committed
// before the wait that should cover them) broken on some path. The analysis
// is AsyncCopyPaths; this check reports its findings of the rule.
#include "analyzer/checks/AsyncCopyRuleCheck.h"
#include "analyzer/checks/CheckRegistry.h"

namespace warpcheck {
namespace {

class PipelineProtocolCheck : public AsyncCopyRuleCheck {
public:
  PipelineProtocolCheck(std::string id, CheckContext &ctx) : AsyncCopyRuleCheck(std::move(id), ctx, kPipelineProtocolRule) {}
};

} // namespace

CheckFactory pipelineProtocolCheck() { return checkFactory<PipelineProtocolCheck>(rule::PipelineProtocol); }

} // namespace warpcheck
