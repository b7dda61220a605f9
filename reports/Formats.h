#pragma once
// Every output format by name, for `lint`, `run` and `report` alike.
#include "reports/Report.h"
#include <ostream>
#include <string>

namespace warpcheck {

struct FormatOptions {
  bool color = false;     // text only
  // Absolute directory that paths in the report are made relative to where a
  // format wants repository-relative paths (SARIF, codeclimate). "" keeps them.
  std::string sourceRoot;
};

// "text, json, gcc, github, ..." for help and error messages.
std::string formatNames();
bool isFormat(const std::string &name);
// Writes `report` in `format` (one of formatNames()).
void writeReport(std::ostream &os, const Report &report, const std::string &format, const FormatOptions &opts);

} // namespace warpcheck
