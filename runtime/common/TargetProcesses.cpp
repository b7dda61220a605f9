#include "runtime/common/TargetProcesses.h"

namespace warpcheck::run {

bool parseTargetProcesses(const std::string &text, TargetProcesses &out) {
  if (text == "all") return out = TargetProcesses::All, true;
  if (text == "application-only") return out = TargetProcesses::ApplicationOnly, true;
  return false;
}

bool checksProcess(TargetProcesses mode, uint64_t parentPid, uint64_t launcherPid) {
  if (mode == TargetProcesses::All || launcherPid == 0) return true;
  return parentPid == launcherPid;
}

} // namespace warpcheck::run
