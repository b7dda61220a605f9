// async-copy-read-before-wait: shared memory that an asynchronous copy
// (cuda::memcpy_async, cooperative_groups::memcpy_async,
// __pipeline_memcpy_async, cp.async) fills, read or written before the wait
// that completes the copy — or the copy's source modified before then.
// The analysis is AsyncCopyPaths; this check reports its findings of the rule.
#include "analyzer/checks/AsyncCopyRuleCheck.h"
#include "analyzer/checks/CheckRegistry.h"

namespace warpcheck {
namespace {

class AsyncCopyReadBeforeWaitCheck : public AsyncCopyRuleCheck {
public:
  AsyncCopyReadBeforeWaitCheck(std::string id, CheckContext &ctx)
      : AsyncCopyRuleCheck(std::move(id), ctx, kReadBeforeWaitRule) {}
};

} // namespace

CheckFactory asyncCopyReadBeforeWaitCheck() {
  return checkFactory<AsyncCopyReadBeforeWaitCheck>(rule::AsyncCopyReadBeforeWait);
}

} // namespace warpcheck
