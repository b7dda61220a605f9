#pragma once
// Every output format by name, for `lint`, `run` and `report` alike: one
// table (name -> writer) that writes reports, validates --format and names
// the formats in help and error messages. Every writer has one signature.
#include "reports/model/Report.h"
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace warpcheck {

// GitHub code scanning rejects a SARIF run with more results than this.
inline constexpr size_t kSarifMaxResults = 25000;

// What a writer may be asked; each format reads the fields it has a use for.
struct FormatOptions {
  bool color = false;     // text only
  // Absolute directory that paths in the report are made relative to where a
  // format wants repository-relative paths (SARIF, codeclimate, github,
  // html). "" keeps them.
  std::string sourceRoot;
  bool showSource = true; // text: the source line and a caret under each message
  size_t printLimit = 0;  // text of a run report: at most this many findings (0: all)
  // SARIF: beyond this many findings, the most severe are kept (in report
  // order) and a notification says how many were left out.
  size_t maxResults = kSarifMaxResults;
};

using FormatWriter = void (*)(std::ostream &os, const Report &report, const FormatOptions &opts);

struct OutputFormat {
  const char *name;
  FormatWriter write;
  // Whether it shows a run report's errors, warnings and launch counts
  // (text ends with them, JSON has its `run` section); for the others they
  // go to stderr (reports/Emit.h).
  bool carriesRunMessages;
};

// The formats, the default (text) first.
const std::vector<OutputFormat> &outputFormats();
// nullptr when no format has this name.
const OutputFormat *findFormat(const std::string &name);
// "text, json, gcc, github, ..." for help and error messages.
std::string formatNames();
bool isFormat(const std::string &name);
// Writes `report` in `format` (one of formatNames(); the default otherwise).
void writeReport(std::ostream &os, const Report &report, const std::string &format, const FormatOptions &opts);

} // namespace warpcheck
