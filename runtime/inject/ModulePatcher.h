#pragma once
// On module load: save the cubin (for symbolization after the run) and
// load the patches into its context (once per context). Before a module's
// first checked launch (or at load, with patchOnLaunch off): patch the
// instructions the detector needs. Libraries load hundreds of modules whose kernels never
// run (CuPy with cuBLAS, cuRAND and CUB: 1800); patching each at load cost
// seconds. Callers serialise (the Sanitizer API requires it).
#include "runtime/common/RawLog.h"
#include <cuda.h>
#include <map>
#include <set>
#include <string>

namespace warpcheck::run {

class ModulePatcher {
public:
  ModulePatcher(std::string patchesPath, std::string cubinDir, bool patchOnLaunch, bool patchGlobal)
      : patches_(std::move(patchesPath)), cubinDir_(std::move(cubinDir)), patchOnLaunch_(patchOnLaunch),
        patchGlobal_(patchGlobal) {}

  // Adds the module to `log.modules`; errors go to its entry.
  void onModuleLoaded(CUcontext ctx, CUmodule module, const char *cubin, size_t size, RawLog &log);
  void onFunctionsLazyLoaded(CUmodule module, RawLog &log);
  void onModuleUnloading(CUmodule module);
  void onContextDestroyed(CUcontext ctx);

  // Index of the module in log.modules, or -1.
  int moduleIndex(CUmodule module) const;
  // Patches the module now unless it is already; false (the reason in its
  // log entry) when it cannot be patched.
  bool ensurePatched(CUmodule module, RawLog &log);
  // A module loaded here whose patching was not tried yet.
  bool needsPatching(CUmodule module) const {
    auto it = modules_.find(module);
    return it != modules_.end() && !it->second.attempted;
  }
  // Patches every module loaded so far, and each later one at load. For
  // CUDA graphs: a kernel node launched from an instantiated graph cannot
  // have its module patched in its launch callback (the launch hangs).
  void patchEverythingFromNowOn(RawLog &log);

private:
  bool loadPatches(CUcontext ctx, std::string &error);
  bool patchAll(CUmodule module, std::string &error);

  std::string patches_, cubinDir_;
  bool patchOnLaunch_;
  bool patchGlobal_; // global-memory accesses too
  struct Loaded {
    int index;          // in log.modules
    CUcontext context;  // the module's
    bool attempted = false; // patching was tried (the outcome is in log.modules)
  };
  std::set<CUcontext> contextsWithPatches_;
  std::map<CUmodule, Loaded> modules_;
};

} // namespace warpcheck::run
