#include "runtime/common/Journal.h"
#include <cstring>
#include <fstream>
#include <iterator>

namespace warpcheck::run {

RawRecord rawRecordOf(const patch::FindingRecord &rec, const LaunchShape &launch) {
  RawRecord raw;
  raw.kind = rec.kind;
  raw.flags = rec.flags;
  raw.kernel = launch.function;
  raw.first = launch.locate(rec.pc1);
  raw.second = launch.locate(rec.pc2);
  raw.count = rec.count;
  raw.block = {rec.block[0], rec.block[1], rec.block[2]};
  raw.blockDim = launch.blockDim;
  raw.thread1 = rec.thread1;
  raw.thread2 = rec.thread2;
  raw.offset = rec.offset;
  raw.extra = rec.extra;
  raw.block1 = rec.block1;
  raw.gridDim = launch.gridDim;
  raw.allocationId = rec.alloc;
  raw.launch1 = rec.launch1;
  raw.address = rec.address;
  if (rec.pc3) raw.third = launch.locate(rec.pc3);
  return raw;
}

bool readJournal(const std::string &path, JournalContents &out, std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path;
    return false;
  }
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  JournalHeader h;
  if (bytes.size() < kJournalHeaderBytes) {
    error = path + ": not a warpcheck journal (too short)";
    return false;
  }
  std::memcpy(&h, bytes.data(), sizeof h);
  if (std::memcmp(h.magic, kJournalMagic, sizeof h.magic) != 0) {
    error = path + ": not a warpcheck journal";
    return false;
  }
  if (bytes.size() < journalFileBytes(h.capacity)) {
    error = path + ": journal cut short (" + std::to_string(bytes.size()) + " bytes for " +
            std::to_string(h.capacity) + " records)";
    return false;
  }
  out = JournalContents{};
  out.inFlight = h.inFlight != 0;
  if (!out.inFlight) return true;
  LaunchShape launch;
  launch.module = h.module;
  h.function[sizeof h.function - 1] = '\0';
  launch.function = h.function;
  launch.pc = h.functionPc;
  launch.size = h.functionSize;
  launch.blockDim = {h.blockDim[0], h.blockDim[1], h.blockDim[2]};
  launch.gridDim = {h.gridDim[0], h.gridDim[1], h.gridDim[2]};
  out.kernel = launch.function;
  const char *records = bytes.data() + kJournalHeaderBytes;
  for (uint32_t i = 0; i < h.capacity; ++i) {
    patch::FindingRecord rec;
    std::memcpy(&rec, records + i * sizeof rec, sizeof rec);
    // `ready` is written last, after a system-scope fence: a record without
    // it may be half written when the process died.
    if (rec.key && rec.ready) out.records.push_back(rawRecordOf(rec, launch));
  }
  return true;
}

} // namespace warpcheck::run
