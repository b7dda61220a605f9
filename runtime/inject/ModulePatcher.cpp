#include "runtime/inject/ModulePatcher.h"
#include <unistd.h>
#include <fstream>
#include <iterator>
#include <vector>
#include <sanitizer.h>

namespace warpcheck::run {
namespace {

std::string resultText(SanitizerResult r) {
  const char *s = nullptr;
  sanitizerGetResultString(r, &s);
  return s ? s : "error " + std::to_string((int)r);
}

// Instruction -> device callback in instrument/Patches.cu.
struct PatchPoint {
  Sanitizer_InstructionId id;
  const char *callback;
};
constexpr PatchPoint kPatchPoints[] = {
    {SANITIZER_INSTRUCTION_BLOCK_ENTER, "wcBlockEnter"},
    {SANITIZER_INSTRUCTION_BLOCK_EXIT, "wcBlockExit"},
    {SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS, "wcSharedAccess"},
    {SANITIZER_INSTRUCTION_MEMCPY_ASYNC, "wcMemcpyAsync"},
    {SANITIZER_INSTRUCTION_PIPELINE_COMMIT, "wcPipelineCommit"},
    {SANITIZER_INSTRUCTION_PIPELINE_WAIT, "wcPipelineWait"},
    {SANITIZER_INSTRUCTION_MEMCPY_ASYNC_BARRIER, "wcMemcpyAsyncBarrier"},
    {SANITIZER_INSTRUCTION_CUDA_BARRIER, "wcCudaBarrier"},
    {SANITIZER_INSTRUCTION_CUDA_BARRIER_ATTEMPT, "wcCudaBarrierAttempt"},
    {SANITIZER_INSTRUCTION_BARRIER, "wcBarrier"},
    {SANITIZER_INSTRUCTION_BARRIER_RELEASE, "wcBarrierRelease"},
    {SANITIZER_INSTRUCTION_SYNCWARP, "wcSyncwarp"},
};

} // namespace

bool ModulePatcher::loadPatches(CUcontext ctx, std::string &error) {
  if (contextsWithPatches_.count(ctx)) return true;
  if (patches_.empty()) {
    error = "no patch file (WARPCHECK_PATCHES is not set)";
    return false;
  }
  // Marked first: should loading the patch module report a module load of
  // its own, that callback must not load them again.
  contextsWithPatches_.insert(ctx);
  SanitizerResult r = sanitizerAddPatchesFromFile(patches_.c_str(), ctx);
  if (r != SANITIZER_SUCCESS) {
    contextsWithPatches_.erase(ctx);
    error = "cannot load the patches " + patches_ + ": " + resultText(r);
    return false;
  }
  return true;
}

void ModulePatcher::onModuleLoaded(CUcontext ctx, CUmodule module, const char *cubin, size_t size,
                                   RawLog &log) {
  int index = (int)log.modules.size();
  log.modules.push_back({});
  modules_[module] = Loaded{index, ctx};
  ModuleInfo &info = log.modules.back();
  if (!cubinDir_.empty() && cubin && size) {
    // Processes of one run share the directory: the pid keeps their cubins apart.
    std::string path =
        cubinDir_ + "/module-" + std::to_string(::getpid()) + "-" + std::to_string(index) + ".cubin";
    std::ofstream out(path, std::ios::binary);
    if (out.write(cubin, (std::streamsize)size)) info.cubin = path;
  }
  // The patches go into the context now, outside any launch: loading them
  // inside the launch callback of a kernel on a stream the program created
  // deadlocked in the driver (a write lock taken under the launch's own;
  // driver 580, sanitizer 2025.3). A failure here is logged when the
  // module is patched.
  std::string ignored;
  loadPatches(ctx, ignored);
  if (!patchOnLaunch_) ensurePatched(module, log);
}

void ModulePatcher::patchEverythingFromNowOn(RawLog &log) {
  if (!patchOnLaunch_) return;
  patchOnLaunch_ = false;
  for (const auto &[module, loaded] : modules_) ensurePatched(module, log);
}

bool ModulePatcher::ensurePatched(CUmodule module, RawLog &log) {
  auto it = modules_.find(module);
  if (it == modules_.end()) return false;
  Loaded &loaded = it->second;
  ModuleInfo &info = log.modules[loaded.index];
  if (loaded.attempted) return info.patched;
  loaded.attempted = true;
  std::string error;
  if (!loadPatches(loaded.context, error)) {
    info.error = error;
    return false;
  }
  info.patched = patchAll(module, info.error);
  return info.patched;
}

bool ModulePatcher::patchAll(CUmodule module, std::string &error) {
  std::vector<PatchPoint> points(std::begin(kPatchPoints), std::end(kPatchPoints));
  if (patchGlobal_) {
    points.push_back({SANITIZER_INSTRUCTION_GLOBAL_MEMORY_ACCESS, "wcGlobalAccess"});
    // The device heap: the API reports no allocation for it, only the calls.
    points.push_back({SANITIZER_INSTRUCTION_DEVICE_SIDE_MALLOC, "wcDeviceMalloc"});
    points.push_back({SANITIZER_INSTRUCTION_DEVICE_ALIGNED_MALLOC, "wcDeviceMalloc"});
    points.push_back({SANITIZER_INSTRUCTION_DEVICE_SIDE_FREE, "wcDeviceFree"});
  }
  for (const PatchPoint &p : points) {
    SanitizerResult r = sanitizerPatchInstructions(p.id, module, p.callback);
    if (r != SANITIZER_SUCCESS) {
      error = std::string("cannot patch ") + p.callback + ": " + resultText(r);
      return false;
    }
  }
  SanitizerResult r = sanitizerPatchModule(module);
  if (r != SANITIZER_SUCCESS) {
    error = "cannot patch the module: " + resultText(r);
    return false;
  }
  return true;
}

// Functions loaded lazily (CUDA_MODULE_LOADING=LAZY) come after the module:
// patch again so they are instrumented too.
void ModulePatcher::onFunctionsLazyLoaded(CUmodule module, RawLog &log) {
  int index = moduleIndex(module);
  if (index < 0 || !log.modules[index].patched) return;
  std::string error;
  if (!patchAll(module, error)) {
    log.modules[index].patched = false;
    log.modules[index].error = "lazily loaded functions: " + error;
  }
}

// A module loaded later at this address is a new one.
void ModulePatcher::onModuleUnloading(CUmodule module) { modules_.erase(module); }

void ModulePatcher::onContextDestroyed(CUcontext ctx) { contextsWithPatches_.erase(ctx); }

int ModulePatcher::moduleIndex(CUmodule module) const {
  auto it = modules_.find(module);
  return it == modules_.end() ? -1 : it->second.index;
}

} // namespace warpcheck::run
