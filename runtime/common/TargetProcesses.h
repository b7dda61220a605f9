#pragma once
// `warpcheck run --target-processes all|application-only`, as
// compute-sanitizer names it. Every process of the program loads the
// runtime (LD_PRELOAD is inherited through fork and exec); with
// application-only, a process checks its kernels only when it is the one
// `warpcheck run` started, i.e. when its parent is warpcheck run itself.
// Its children, and theirs, are not: they do not subscribe to CUDA and
// write no raw log. A program that replaces itself with exec keeps its pid
// and parent, so the new image is still the application; a child whose
// parent died is adopted by init (or a subreaper), never by warpcheck run.
#include <cstdint>
#include <string>

namespace warpcheck::run {

enum class TargetProcesses { All, ApplicationOnly };

// False for anything but "all" and "application-only".
bool parseTargetProcesses(const std::string &text, TargetProcesses &out);

// Whether a process whose parent is `parentPid` checks its kernels, under
// `mode` given by a warpcheck run of pid `launcherPid` (0: not known, so
// every process checks: a runtime loaded without warpcheck run).
bool checksProcess(TargetProcesses mode, uint64_t parentPid, uint64_t launcherPid);

} // namespace warpcheck::run
