#pragma once
// What `lint`, `run` and `report` share once a Report exists: the output
// options (format, file, colour, source root) and writing the report.
#include "cli/ArgParser.h"
#include "reports/Formats.h"
#include "reports/Report.h"
#include <fstream>
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
  // After parsing: fills the source root. Opens -o FILE; false with `error`
  // set when it cannot be written.
  bool open(std::string &error);
  // The stream to write to: -o FILE or `fallback`.
  std::ostream &stream(std::ostream &fallback);
  FormatOptions formatOptions(bool fallbackIsTerminal) const;

private:
  std::ofstream file_;
};

} // namespace warpcheck::cli
