#include "reports/Formats.h"
#include "reports/CodeClimateFormat.h"
#include "reports/GccFormat.h"
#include "reports/GithubFormat.h"
#include "reports/HtmlFormat.h"
#include "reports/JsonFormat.h"
#include "reports/sarif/SarifFormat.h"
#include "reports/TextFormat.h"

namespace warpcheck {
namespace {

using Writer = void (*)(std::ostream &, const Report &, const FormatOptions &);

struct FormatEntry {
  const char *name;
  Writer write;
};

// One line per format; the first is the default.
const FormatEntry kFormats[] = {
    {"text", [](std::ostream &os, const Report &r, const FormatOptions &o) {
       TextOptions t;
       t.color = o.color;
       writeText(os, r, t);
     }},
    {"json", [](std::ostream &os, const Report &r, const FormatOptions &) { writeJson(os, r); }},
    {"gcc", [](std::ostream &os, const Report &r, const FormatOptions &) { writeGcc(os, r); }},
    {"github", [](std::ostream &os, const Report &r, const FormatOptions &o) { writeGithub(os, r, o.sourceRoot); }},
    {"html", [](std::ostream &os, const Report &r, const FormatOptions &o) { writeHtml(os, r, {o.sourceRoot}); }},
    {"codeclimate", writeCodeClimate},
    {"sarif", [](std::ostream &os, const Report &r, const FormatOptions &o) { writeSarif(os, r, {o.sourceRoot}); }},
};

} // namespace

std::string formatNames() {
  std::string names;
  for (const FormatEntry &f : kFormats) names += (names.empty() ? "" : ", ") + std::string(f.name);
  return names;
}

bool isFormat(const std::string &n) {
  for (const FormatEntry &f : kFormats)
    if (n == f.name) return true;
  return false;
}

void writeReport(std::ostream &os, const Report &report, const std::string &format, const FormatOptions &opts) {
  for (const FormatEntry &f : kFormats)
    if (format == f.name) return f.write(os, report, opts);
  kFormats[0].write(os, report, opts);
}

} // namespace warpcheck
