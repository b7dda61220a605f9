#include "reports/formats/Formats.h"
#include "reports/formats/CodeClimateFormat.h"
#include "reports/formats/GccFormat.h"
#include "reports/formats/GithubFormat.h"
#include "reports/formats/html/HtmlFormat.h"
#include "reports/formats/JsonFormat.h"
#include "reports/formats/sarif/SarifFormat.h"
#include "reports/formats/TextFormat.h"

namespace warpcheck {

const std::vector<OutputFormat> &outputFormats() {
  // One line per format; the first is the default.
  static const std::vector<OutputFormat> formats = {
      {"text", writeText, true},
      {"json", writeJson, true},
      {"gcc", writeGcc, false},
      {"github", writeGithub, false},
      {"html", writeHtml, false},
      {"codeclimate", writeCodeClimate, false},
      {"sarif", writeSarif, false},
  };
  return formats;
}

const OutputFormat *findFormat(const std::string &name) {
  for (const OutputFormat &f : outputFormats())
    if (name == f.name) return &f;
  return nullptr;
}

std::string formatNames() {
  std::string names;
  for (const OutputFormat &f : outputFormats()) names += (names.empty() ? "" : ", ") + std::string(f.name);
  return names;
}

bool isFormat(const std::string &name) { return findFormat(name) != nullptr; }

void writeReport(std::ostream &os, const Report &report, const std::string &format, const FormatOptions &opts) {
  const OutputFormat *f = findFormat(format);
  (f ? f : &outputFormats().front())->write(os, report, opts);
}

} // namespace warpcheck
