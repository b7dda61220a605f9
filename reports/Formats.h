#pragma once
// Every output format by name, for `lint` and `run` alike.
#include "reports/Report.h"
#include <ostream>
#include <string>

namespace warpcheck {

struct FormatOptions {
  bool color = false; // text only
};

// "text", "json", "gcc", "github"
const char *formatNames();
bool isFormat(const std::string &name);
// Writes `report` in `format` (one of formatNames()).
void writeReport(std::ostream &os, const Report &report, const std::string &format, const FormatOptions &opts);

} // namespace warpcheck
