#pragma once
// What `lint`, `run` and `report` share once a Report exists: the output
// options (format, file, colour, source root) and writing the report.
#include "cli/ArgParser.h"
#include "cli/OutputClash.h"
#include "reports/Formats.h"
#include "reports/Report.h"
#include <iosfwd>
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
  // Writes the whole report: to -o FILE through a temporary file and a
  // rename (cli/OutputFile.h), else to `fallback` ("standard output" or
  // "standard error" is `fallbackName`). False with a one-line `error` when
  // any byte was not written.
  bool write(const std::string &text, std::ostream &fallback, const std::string &fallbackName,
             std::string &error) const;
  // -o FILE, for the check against the inputs (cli/OutputClash.h).
  void addOutputs(std::vector<NamedPath> &outputs) const;
  FormatOptions formatOptions(bool fallbackIsTerminal) const;
};

} // namespace warpcheck::cli
