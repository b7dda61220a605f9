#pragma once
// The journal of the running launch: a file in shared memory (/dev/shm)
// whose pages the GPU writes each new finding to as it is made (the
// injection library registers them with the driver). A process killed by
// SIGKILL, or one whose kernel faults or traps, runs no more code of ours,
// but the file outlives it: `warpcheck run` reads what the running launch
// had found from it after the program has ended.
//
// Layout: a JournalHeader, padded to kJournalHeaderBytes, then `capacity`
// patch::FindingRecords (the launch's finding table, index for index).
#include "instrument/PatchState.h"
#include "runtime/common/RawLog.h"
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace warpcheck::run {

constexpr char kJournalMagic[8] = {'w', 'c', 'j', 'r', 'n', 'l', '1', '\0'};
constexpr size_t kJournalHeaderBytes = 4096;

struct JournalHeader {
  char magic[8];
  uint32_t capacity;   // records after the header
  uint32_t inFlight;   // 1 from a launch's start until its results were read back
  uint32_t module;     // RawLog module index of that launch
  uint32_t pad;
  uint64_t functionPc, functionSize; // where the launched function's code lies (0: unknown)
  uint32_t blockDim[3], gridDim[3];
  char function[2048]; // mangled name, NUL-terminated (cut when longer)
};
static_assert(sizeof(JournalHeader) <= kJournalHeaderBytes, "the header fits its page");

// The launch a record belongs to: where its code lies, and its shape.
struct LaunchShape : CodeRange {
  std::array<uint32_t, 3> blockDim{}, gridDim{};
};

inline size_t journalFileBytes(uint32_t capacity) {
  return kJournalHeaderBytes + sizeof(patch::FindingRecord) * (size_t)capacity;
}

// A finding record as the GPU made it, as a raw-log record.
RawRecord rawRecordOf(const patch::FindingRecord &rec, const LaunchShape &launch);

// What a journal file left by an ended process holds. `inFlight` is false
// when no launch was running (its records were already in the raw log).
struct JournalContents {
  bool inFlight = false;
  std::string kernel; // mangled
  std::vector<RawRecord> records;
};

// False (with `error`) when the file is not a journal or is cut short.
bool readJournal(const std::string &path, JournalContents &out, std::string &error);

} // namespace warpcheck::run
