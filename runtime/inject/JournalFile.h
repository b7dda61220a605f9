#pragma once
// The injection library's side of the journal (runtime/common/Journal.h): one file
// per context, mapped shared and registered with the driver so that the
// patches write findings straight into the file's pages.
#include "runtime/common/Journal.h"
#include "runtime/inject/LaunchedCode.h"
#include <cuda.h>
#include <string>

namespace warpcheck::run {

class JournalFile {
public:
  // Creates, maps and registers `path` for `capacity` records in the
  // current context `ctx`; false (with `error`) when any step fails, and
  // nothing is left behind then.
  bool create(const std::string &path, uint32_t capacity, std::string &error);
  ~JournalFile();

  patch::FindingRecord *hostRecords() const { return records_; }
  patch::FindingRecord *deviceRecords() const { return device_; }
  size_t recordBytes() const { return bytes_ - kJournalHeaderBytes; }

  // The launch now running, so that a reader after a crash can place its pcs.
  void beginLaunch(const LaunchedCode &code, const std::array<uint32_t, 3> &blockDim,
                   const std::array<uint32_t, 3> &gridDim);
  void endLaunch();

private:
  std::string path_;
  void *base_ = nullptr;
  size_t bytes_ = 0;
  bool registered_ = false;
  JournalHeader *header_ = nullptr;
  patch::FindingRecord *records_ = nullptr, *device_ = nullptr;
};

} // namespace warpcheck::run
