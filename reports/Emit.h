#pragma once
// The one output stage of `lint`, `run` and `report`: the finished report
// written in the format asked for, to -o FILE or the command's stream, then
// on the messages stream what that format does not carry; and what the exit
// code is decided from.
#include "reports/formats/Formats.h"
#include "reports/model/Report.h"
#include <functional>
#include <ostream>
#include <string>

namespace warpcheck {

struct EmitOptions {
  std::string format = "text"; // a name of outputFormats()
  std::string output;          // -o FILE; "" writes to the command's stream
  FormatOptions formatOptions;
  // No summary line (lint, report) nor run messages (report) on the
  // messages stream.
  bool quiet = false;
  // Written on the messages stream before the summary, quiet or not
  // (lint's --time-report).
  std::function<void(std::ostream &)> beforeSummary;
};

// What the report itself says about the exit code; the findings' fail-on
// threshold is each command's (a configuration per file, --fail-on, ...).
struct EmitVerdict {
  bool parseErrors = false; // a file failed to parse
  bool incomplete = false;  // a file's rules were not all completed (time budget)
  bool problems = false;    // the report is not what it seems ("nothing was analysed")
};

// Writes `report` in opts.format: to opts.output through a temporary file
// and a rename (reports/OutputFile.h), else to `stream` (`streamName`,
// "standard output", in errors), checking that every byte arrived. Then on
// `messages`: opts.beforeSummary, and unless opts.quiet the summary line
// (a lint report) or, where the format does not carry them, the run's
// messages (a run report). False with a one-line `error` when the report
// could not be written.
bool emit(const Report &report, const EmitOptions &opts, std::ostream &stream, const std::string &streamName,
          std::ostream &messages, std::string &error);

EmitVerdict verdictOf(const Report &report);

} // namespace warpcheck
