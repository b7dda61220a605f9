// libFuzzer target: the `.warpcheck.yaml` reader (config/YamlSubset.cpp,
// config/ProjectConfig.cpp) and applying what it accepts
// (config/ConfigApply.cpp), on arbitrary bytes. Checked beyond "no crash":
// every rejection says where (line and column) and why, and what
// --dump-config writes for an accepted file is accepted back and dumps the
// same.
#include "config/ConfigApply.h"
#include "config/ProjectConfig.h"
#include "config/YamlSubset.h"
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace warpcheck;
  std::string_view text(reinterpret_cast<const char *>(data), size);

  YamlNode tree;
  YamlError yamlError;
  if (!parseYaml(text, tree, yamlError) && (yamlError.message.empty() || yamlError.line == 0 || yamlError.column == 0))
    __builtin_trap();

  ProjectConfig config;
  ConfigError error;
  if (!parseProjectConfig(text, "/fuzz/.warpcheck.yaml", config, error)) {
    if (error.message.empty() || error.line == 0 || error.column == 0) __builtin_trap();
    return 0;
  }
  std::string dumped = formatProjectConfig(config);
  ProjectConfig again;
  if (!parseProjectConfig(dumped, "/fuzz/.warpcheck.yaml", again, error) || formatProjectConfig(again) != dumped)
    __builtin_trap();

  // The accepted globs, on findings in and out of the config's directory.
  std::vector<Finding> findings(3);
  findings[0].rule = "barrier-divergent";
  findings[0].where.file = "/fuzz/src/k.cu";
  findings[1].rule = "race-shared";
  findings[1].where.file = "/fuzz/third_party/a/b.cuh";
  findings[2].rule = "warp-shfl-width";
  findings[2].where.file = "/elsewhere/x.cu";
  applyToFindings(config, findings);
  failsRun(config, findings);
  return 0;
}
