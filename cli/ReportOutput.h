#pragma once
// What `lint`, `run` and `report` share once a Report exists: the output
// options (format, file, colour, source root) that emit() (reports/Emit.h)
// writes the report by.
#include "cli/ArgParser.h"
#include "cli/OutputClash.h"
#include "reports/Emit.h"
#include "reports/model/Report.h"
#include <string>
#include <vector>

namespace warpcheck::cli {

struct OutputOptions {
  std::string format = "text";
  std::string output;       // "" writes to the command's own stream
  std::string color = "auto";
  std::string sourceRoot;   // "" until resolve(): then --source-root or the enclosing git checkout

  // `defaultStreamName` is "stdout" or "stderr", for the help text.
  void addTo(std::vector<OptionSpec> &options, const std::string &defaultStreamName);
  // After parsing: fills the source root and checks that -o FILE can be
  // written (nothing is created yet); false with `error` when it cannot.
  bool open(std::string &error);
  // -o FILE, for the check against the inputs (cli/OutputClash.h).
  void addOutputs(std::vector<NamedPath> &outputs) const;
  // What emit() needs from these options; `fallbackIsTerminal`: whether
  // the command's own stream is a terminal (colour on `auto`).
  EmitOptions emitOptions(bool fallbackIsTerminal) const;
};

} // namespace warpcheck::cli
