#include "reports/Formats.h"
#include "reports/GccFormat.h"
#include "reports/GithubFormat.h"
#include "reports/JsonFormat.h"
#include "reports/TextFormat.h"

namespace warpcheck {

const char *formatNames() { return "text, json, gcc, github"; }

bool isFormat(const std::string &n) { return n == "text" || n == "json" || n == "gcc" || n == "github"; }

void writeReport(std::ostream &os, const Report &report, const std::string &format, const FormatOptions &opts) {
  if (format == "json") return writeJson(os, report);
  if (format == "gcc") return writeGcc(os, report);
  if (format == "github") return writeGithub(os, report);
  TextOptions t;
  t.color = opts.color;
  writeText(os, report, t);
}

} // namespace warpcheck
