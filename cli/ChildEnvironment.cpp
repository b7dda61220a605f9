#include "cli/ChildEnvironment.h"

namespace warpcheck::cli {

std::vector<std::string> childEnvironment(const std::vector<std::string> &inherited, const std::string &runtime,
                                          const std::string &sanitizerDir,
                                          const std::map<std::string, std::string> &flags, bool keepModuleLoading) {
  std::vector<std::string> env;
  std::string preload = runtime, libPath = sanitizerDir;
  for (const std::string &kv : inherited) {
    if (kv.rfind("LD_PRELOAD=", 0) == 0) preload += ":" + kv.substr(11);
    else if (kv.rfind("LD_LIBRARY_PATH=", 0) == 0) libPath += ":" + kv.substr(16);
    else if (kv.rfind("WARPCHECK_", 0) == 0 && flags.count(kv.substr(0, kv.find('=')))) continue;
    else if (kv.rfind("CUDA_MODULE_LOADING=", 0) == 0 && !keepModuleLoading) continue;
    else env.push_back(kv);
  }
  env.push_back("LD_PRELOAD=" + preload);
  env.push_back("LD_LIBRARY_PATH=" + libPath);
  // Functions loaded lazily were seen to run unpatched (driver 580, sanitizer
  // 2025.3): load every module's functions when the module loads.
  if (!keepModuleLoading) env.push_back("CUDA_MODULE_LOADING=EAGER");
  for (auto &[k, v] : flags) env.push_back(k + "=" + v);
  return env;
}

} // namespace warpcheck::cli
