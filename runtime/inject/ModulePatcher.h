#pragma once
// On module load: save the cubin (for symbolization after the run), load the
// patches into the context once, and patch the instructions the detector
// needs. Callers serialise (the Sanitizer API requires it).
#include "runtime/RawLog.h"
#include <cuda.h>
#include <map>
#include <set>
#include <string>

namespace warpcheck::run {

class ModulePatcher {
public:
  ModulePatcher(std::string patchesPath, std::string cubinDir)
      : patches_(std::move(patchesPath)), cubinDir_(std::move(cubinDir)) {}

  // Adds the module to `log.modules`; errors go to its entry.
  void onModuleLoaded(CUcontext ctx, CUmodule module, const char *cubin, size_t size, RawLog &log);
  void onFunctionsLazyLoaded(CUmodule module, RawLog &log);
  void onModuleUnloading(CUmodule module);
  void onContextDestroyed(CUcontext ctx);

  // Index of the module in log.modules, or -1.
  int moduleIndex(CUmodule module) const;
  bool patched(CUmodule module, const RawLog &log) const;

private:
  bool loadPatches(CUcontext ctx, std::string &error);
  bool patchAll(CUmodule module, std::string &error);

  std::string patches_, cubinDir_;
  std::set<CUcontext> contextsWithPatches_;
  std::map<CUmodule, int> modules_;
};

} // namespace warpcheck::run
