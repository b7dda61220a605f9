#pragma once
// What the processes of one `warpcheck run` left behind: each process the
// injection library was loaded into writes its own raw log
// (PREFIX-<pid>-<n>.json), and each context keeps a journal of the launch it
// is running (runtime/common/Journal.h). Read once the program has ended.
#include "reports/model/Report.h"
#include "runtime/common/RawLog.h"
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

// A launch still running when its process ended, as its journal tells.
struct InterruptedLaunch {
  uint64_t pid = 0;
  std::string kernel;    // mangled
  size_t findings = 0;   // records the journal held
  bool placed = false;   // added to the process's log (it left one)
};

// Adds to each process's records what its journals in `dir` hold of a
// launch that was still running when the process ended, and lists those
// launches in `interrupted`; journals that cannot be read go to `problems`.
void addJournals(const std::string &dir, std::vector<ProcessLog> &logs, std::vector<InterruptedLaunch> &interrupted,
                 std::vector<std::string> &problems);

// What the report says of an interrupted launch.
std::string describe(const InterruptedLaunch &launch);

// Adds a child process's log to the program's summary: its counts and
// kernels, a line saying it was checked, its errors and warnings with its
// pid. A child that launched nothing and said nothing adds nothing; false then.
bool addChildProcess(const ProcessLog &child, RunSummary &summary);

} // namespace warpcheck::run
