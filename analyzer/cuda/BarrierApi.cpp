#include "analyzer/cuda/BarrierApi.h"
#include "llvm/ADT/StringSwitch.h"

namespace warpcheck {

BarrierMember barrierMemberOf(llvm::StringRef name) {
  using M = BarrierMember;
  return llvm::StringSwitch<BarrierMember>(name)
      .Case("arrive", {M::Arrive})
      .Case("arrive_and_wait", {M::ArriveAndWait})
      .Case("arrive_and_drop", {M::ArriveAndDrop})
      .Case("wait", {M::Wait})
      .Case("try_wait", {M::Wait, false, true})
      .Cases({"try_wait_for", "try_wait_until"}, {M::Wait, false, true, true})
      .Case("wait_parity", {M::Wait, true})
      .Case("try_wait_parity", {M::Wait, true, true})
      .Cases({"try_wait_parity_for", "try_wait_parity_until"}, {M::Wait, true, true, true})
      .Default({});
}

} // namespace warpcheck
