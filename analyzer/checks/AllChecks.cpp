// The registry of static rules: one line per rule, like a clang-tidy module.
#include "analyzer/checks/CheckRegistry.h"

namespace warpcheck {

const std::vector<CheckFactory> &allChecks() {
  static const std::vector<CheckFactory> checks = {
  };
  return checks;
}

} // namespace warpcheck
