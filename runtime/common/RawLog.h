#pragma once
// What the injection library hands to `warpcheck run`: the records the GPU
// collected, where each pc lies (module, function, offset), the cubins saved
// for symbolization, and everything that was not checked. The CLI turns it
// into findings (RunFindings.h) after the application has ended, so the
// injected library stays small and a crash loses nothing already written.
#include "runtime/common/HostStack.h"
#include <nlohmann/json_fwd.hpp>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace warpcheck::run {

constexpr int kRawLogVersion = 1;

struct CodeLocation {
  uint32_t module = 0;      // index into RawLog::modules
  std::string function;     // mangled name of the function whose code holds pc
  uint64_t offset = 0;      // pc - start of that function
  uint64_t pc = 0;
  bool resolved() const { return !function.empty(); }
};

// Where one function's code lies, to turn the pcs the GPU records into
// function + offset. Callees are laid out in their kernel's code section,
// so a kernel's start is the base of every pc the kernel reaches.
struct CodeRange {
  uint32_t module = 0;       // index into RawLog::modules
  std::string function;      // mangled
  uint64_t pc = 0, size = 0; // both 0 when unknown

  // `at` as function + offset; unresolved when it lies elsewhere.
  CodeLocation locate(uint64_t at) const;
  // The pc in this code whose low 32 bits are `low` (the shadow keeps no
  // more): code of one kernel is far smaller than 4 GiB.
  uint64_t widen(uint32_t low) const {
    uint64_t at = (pc & ~0xffffffffull) | low;
    return at < pc ? at + (1ull << 32) : at;
  }
};

struct RawRecord {
  uint32_t kind = 0;        // patch::FindingKind
  uint32_t flags = 0;       // patch::RaceFlags
  std::string kernel;       // mangled kernel name of the launch
  CodeLocation first, second;
  uint64_t count = 0;
  std::array<uint32_t, 3> block{};
  std::array<uint32_t, 3> blockDim{};
  uint32_t thread1 = 0, thread2 = 0; // linear thread index in the block
  uint32_t offset = 0;      // shared offset, or the syncwarp mask
  uint32_t extra = 0;       // access size (races) or lanes (syncwarp)
  // Global memory: the linear block of the earlier access (low 20 bits),
  // the address and its allocation, and the publication a fence-missing
  // finding is about.
  uint32_t block1 = 0;
  std::array<uint32_t, 3> gridDim{};
  uint64_t address = 0;
  uint32_t allocationId = 0;
  std::string allocation;   // "device allocation of 4096 bytes at 0x..."
  uint64_t allocationBase = 0;
  CodeLocation third;
  // Memory from device-side malloc(): the call that allocated it (resolved
  // when it lies in the kernel of the record's launch).
  CodeLocation allocationSite;
  // Host memory allocations: the program's call stack when it allocated
  // (innermost first, the CUDA driver's and warpcheck's frames left out).
  std::vector<HostFrame> allocationStack;
  // patch::kFlagInterLaunch: the launch of the earlier access (`first`,
  // `thread1` and `block1` are in its grid).
  uint32_t launch1 = 0;     // its shadow tag (runtime only)
  std::string kernel1;      // mangled
  std::array<uint32_t, 3> gridDim1{}, blockDim1{};
};

struct ModuleInfo {
  std::string cubin;        // path of the saved cubin ("" if it was not saved)
  bool patched = false;
  std::string error;        // why it could not be patched
};

struct RawLog {
  uint64_t pid = 0;                  // the process that wrote it
  std::string program;               // its executable (argv[0])
  std::vector<std::string> errors;   // the runtime could not do part of its job
  std::vector<std::string> warnings;
  std::vector<ModuleInfo> modules;
  std::vector<std::string> kernelsChecked; // mangled names, first-seen order
  uint64_t launches = 0, launchesChecked = 0;
  uint64_t uncheckedAccesses = 0, uncheckedBlockThreads = 0, droppedHazards = 0;
  // --sample-blocks: the blocks checked of the launches that sampled, and
  // all the blocks of those launches.
  uint64_t sampledBlocks = 0, sampledLaunchBlocks = 0;
  // Global memory: accesses outside every known allocation, accesses to
  // allocations without a shadow, and the bytes of those allocations;
  // conflicts between blocks of kernels whose SASS could not be read.
  uint64_t globalUntracked = 0, globalUnshadowed = 0, globalUnshadowedBytes = 0;
  uint64_t globalInterBlockUnknown = 0;
  uint64_t heapUntracked = 0; // device-side malloc()s the heap table had no room for
  // Device memory the runtime held at its peak: the global shadow and the
  // bytes of the allocations it covers, and the detector's launch state
  // (slots, shared-memory shadow, per-thread state, finding tables, the
  // kernels' instruction tables).
  uint64_t globalShadowBytes = 0, globalShadowedBytes = 0, detectorBytes = 0;
  std::vector<RawRecord> records;
  bool finished = false; // the runtime reached the application's exit
};

// Adds a launch's record to `records`: the same hazard in many launches is
// one record with the summed count. Intra- and inter-warp hazards of one
// pair of instructions stay apart, as on the GPU (severity and fix differ).
void mergeRecord(std::vector<RawRecord> &records, RawRecord r);

nlohmann::json toJson(const RawLog &log);
// Throws std::runtime_error with a message on malformed input.
RawLog rawLogFromJson(const nlohmann::json &j);
// Writes through a temporary file and rename, so a reader never sees half.
bool writeRawLog(const std::string &path, const RawLog &log, std::string &error);
bool readRawLog(const std::string &path, RawLog &log, std::string &error);

} // namespace warpcheck::run
