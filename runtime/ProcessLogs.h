#pragma once
// What the processes of one `warpcheck run` left behind: each process the
// injection library was loaded into writes its own raw log
// (PREFIX-<pid>-<n>.json), and each context keeps a journal of the launch it
// is running (runtime/Journal.h). Read once the program has ended.
#include "runtime/RawLog.h"
#include <string>
#include <vector>

namespace warpcheck::run {

struct ProcessLog {
  std::string path;
  uint64_t pid = 0;
  int image = 0;      // n: the images one pid ran, in order (exec without fork)
  bool read = false;  // false: the process never wrote it (see `error`)
  std::string error;
  RawLog log;
};

// The raw logs of `prefix`, the program's own (pid `program`, first image)
// first, then the others by pid and image. A log that was reserved but
// never written comes back unread, with the reason.
std::vector<ProcessLog> readProcessLogs(const std::string &prefix, uint64_t program);

// Adds to each process's records what its journals in `dir` hold of a
// launch that was still running when the process ended; says so in
// `messages` (one line per such launch).
void addJournals(const std::string &dir, std::vector<ProcessLog> &logs, std::vector<std::string> &messages);

} // namespace warpcheck::run
