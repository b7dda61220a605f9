#include "cli/SanitizerOptions.h"
#include <map>

namespace warpcheck::cli {

std::string sanitizerOptionAdvice(const std::string &arg) {
  static const std::map<std::string, std::string> advice = {
      {"--tool", "warpcheck run is one tool, checking what racecheck and synccheck check (shared and global memory "
                 "races, barriers, warp masks) in one run: drop --tool; for memcheck or initcheck use compute-sanitizer"},
      {"--leak-check", "warpcheck run does not check for memory leaks: use compute-sanitizer --tool memcheck "
                       "--leak-check full"},
      {"--racecheck-report", "drop it: warpcheck run reports hazards by rule; --print-limit and the config's Severities choose what is shown"},
      {"--racecheck-detect-level", "drop it: the severity of each finding is set per rule (the config's Severities)"},
      {"--racecheck-num-hazards", "use --table-capacity N (distinct findings one launch can record)"},
      {"--racecheck-indirect-barrier-dependency", "drop it (no warpcheck run equivalent)"},
      {"--racecheck-memcpy-async", "drop it (no warpcheck run equivalent)"},
      {"--show-backtrace", "drop it: findings carry the host call stack of their launch where it can be read"},
      {"--print-level", "drop it: findings of every severity are shown; the config's Severities and FailOn decide what fails the run (--error-exitcode N)"},
      {"--print-session-details", "drop it: the report's run section lists the program, kernels and launches"},
      {"--save", "use -o FILE --format json (the report) or --log-file FILE"},
      {"--read", "use warpcheck report FILE on a report written with -o FILE --format json"},
      {"--xml", "use --format json or --format sarif"},
      {"--filter", "use --kernel-name FILTER (kns=, kne=, regex=, as compute-sanitizer's --kernel-name)"},
      {"--exclude", "use --kernel-name-exclude FILTER"},
      {"--demangle", "drop it: kernel names are always demangled"},
      {"--check-api-memory-access", "warpcheck run does not check API calls: use compute-sanitizer --tool memcheck"},
      {"--check-device-heap", "warpcheck run does not check the device heap: use compute-sanitizer --tool memcheck"},
      {"--check-exit-code", "drop it: the program's exit code passes through, or --error-exitcode N on findings"},
      {"--destroy-on-device-error", "drop it (no warpcheck run equivalent)"},
      {"--require-cuda-init", "drop it: a program that launches no kernel is reported as such"},
      {"--launch-timeout", "drop it (no warpcheck run equivalent)"},
      {"--injection-path", "drop it: warpcheck run finds its runtime next to its binary"},
      {"--nvtx", "drop it (no warpcheck run equivalent)"},
      {"--mode", "drop it: warpcheck run checks the launches chosen by --kernel-name, --launch-skip and --launch-count"},
      {"--max-connections", "drop it: warpcheck run does not attach"},
      {"--port", "drop it: warpcheck run does not attach"},
  };
  std::string name = arg.substr(0, arg.find('='));
  auto found = advice.find(name);
  if (found == advice.end()) return "";
  return "'" + name + "' is a compute-sanitizer option that warpcheck run does not take: " + found->second;
}

} // namespace warpcheck::cli
