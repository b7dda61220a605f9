#include "runtime/host/ProcessLogs.h"
#include "support/Demangle.h"
#include "runtime/common/Journal.h"
#include "runtime/host/RunFindings.h"
#include <algorithm>
#include <dirent.h>
#include <sys/stat.h>

namespace warpcheck::run {

namespace {

// The names in `dir` of the form `stem<pid>-<n>suffix`, parsed.
struct Numbered {
  std::string path;
  uint64_t pid;
  int n;
};

std::vector<Numbered> listNumbered(const std::string &dir, const std::string &stem, const std::string &suffix) {
  std::vector<Numbered> out;
  DIR *d = ::opendir(dir.c_str());
  if (!d) return out;
  while (dirent *e = ::readdir(d)) {
    std::string name = e->d_name;
    if (name.size() <= stem.size() + suffix.size() || name.compare(0, stem.size(), stem) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    std::string middle = name.substr(stem.size(), name.size() - stem.size() - suffix.size());
    size_t dash = middle.find('-');
    if (dash == std::string::npos || dash == 0 || dash + 1 == middle.size() ||
        middle.find_first_not_of("0123456789-") != std::string::npos || middle.find('-', dash + 1) != std::string::npos)
      continue;
    out.push_back({dir + "/" + name, std::stoull(middle.substr(0, dash)), std::stoi(middle.substr(dash + 1))});
  }
  ::closedir(d);
  return out;
}

} // namespace

std::vector<ProcessLog> readProcessLogs(const std::string &prefix, uint64_t program) {
  size_t slash = prefix.rfind('/');
  std::string dir = slash == std::string::npos ? "." : prefix.substr(0, slash);
  std::string stem = (slash == std::string::npos ? prefix : prefix.substr(slash + 1)) + "-";
  std::vector<ProcessLog> logs;
  for (const Numbered &f : listNumbered(dir, stem, ".json")) {
    ProcessLog p;
    p.path = f.path;
    p.pid = f.pid;
    p.image = f.n;
    struct stat st {};
    if (::stat(f.path.c_str(), &st) == 0 && st.st_size == 0) p.error = "it wrote nothing";
    else p.read = readRawLog(f.path, p.log, p.error);
    logs.push_back(std::move(p));
  }
  std::sort(logs.begin(), logs.end(), [program](const ProcessLog &a, const ProcessLog &b) {
    bool ma = a.pid == program, mb = b.pid == program;
    if (ma != mb) return ma;
    return a.pid != b.pid ? a.pid < b.pid : a.image < b.image;
  });
  return logs;
}

void addJournals(const std::string &dir, std::vector<ProcessLog> &logs, std::vector<InterruptedLaunch> &interrupted,
                 std::vector<std::string> &problems) {
  if (dir.empty()) return;
  for (const Numbered &f : listNumbered(dir, "journal-", ".bin")) {
    JournalContents j;
    std::string error;
    if (!readJournal(f.path, j, error)) {
      problems.push_back(error);
      continue;
    }
    if (!j.inFlight) continue;
    // The latest image of that process is the one that was running.
    ProcessLog *owner = nullptr;
    for (ProcessLog &p : logs)
      if (p.pid == f.pid && p.read) owner = &p;
    interrupted.push_back({f.pid, j.kernel, j.records.size(), owner != nullptr});
    if (owner)
      for (RawRecord &r : j.records) mergeRecord(owner->log.records, std::move(r));
  }
}

std::string describe(const InterruptedLaunch &l) {
  std::string what = "the program ended while " + demangle(l.kernel) + " was running";
  if (!l.placed)
    return what + ", in a process (pid " + std::to_string(l.pid) + ") that left no readable log: its " +
           std::to_string(l.findings) + " finding(s) cannot be placed and are not reported";
  return what + "; the " + std::to_string(l.findings) +
         " finding(s) that launch had made are reported, counted once each";
}

bool addChildProcess(const ProcessLog &p, RunSummary &summary) {
  RunSummary child;
  summarize(p.log, child);
  if (child.launches == 0 && p.log.records.empty() && child.errors.empty()) return false;
  summary.launches += child.launches;
  summary.launchesChecked += child.launchesChecked;
  summary.uncheckedAccesses += child.uncheckedAccesses;
  summary.uncheckedBlockThreads += child.uncheckedBlockThreads;
  summary.droppedHazards += child.droppedHazards;
  summary.globalShadowBytes += child.globalShadowBytes;
  summary.globalShadowedBytes += child.globalShadowedBytes;
  summary.detectorBytes += child.detectorBytes;
  for (const std::string &k : child.kernels)
    if (std::find(summary.kernels.begin(), summary.kernels.end(), k) == summary.kernels.end())
      summary.kernels.push_back(k);
  std::string who = "child process " + std::to_string(p.pid) + " (" + p.log.program + ")";
  summary.warnings.push_back(who + " was checked too: " + std::to_string(child.launchesChecked) + " of " +
                             std::to_string(child.launches) + " launches");
  for (const std::string &e : child.errors) summary.errors.push_back(who + ": " + e);
  for (const std::string &w : child.warnings) summary.warnings.push_back(who + ": " + w);
  return true;
}

} // namespace warpcheck::run
