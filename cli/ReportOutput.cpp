#include "cli/ReportOutput.h"
#include "reports/OutputFile.h"
#include "reports/model/SourcePaths.h"
#include <cstdlib>
#include <filesystem>

namespace warpcheck::cli {

void OutputOptions::addTo(std::vector<OptionSpec> &options, const std::string &defaultStreamName) {
  options.push_back({"--format", "-f", "FMT", "report format: " + formatNames() + " (default text)",
                     [this](const std::string &v, std::string &e) {
                       if (!isFormat(v)) return e = "expected one of " + formatNames(), false;
                       format = v;
                       return true;
                     }});
  options.push_back({"--output", "-o", "FILE", "write the report to FILE instead of " + defaultStreamName,
                     [this](const std::string &v, std::string &) {
                       output = v;
                       return true;
                     }});
  options.push_back({"--color", "", "WHEN", "colour the text output: auto (default: on a terminal, unless NO_COLOR is set or TERM=dumb), always, never",
                     [this](const std::string &v, std::string &e) {
                       if (v != "auto" && v != "always" && v != "never")
                         return e = "expected auto, always or never", false;
                       color = v;
                       return true;
                     }});
  options.push_back({"--source-root", "", "DIR",
                     "make paths in SARIF, codeclimate, GitHub annotations, HTML, baselines and suppressions relative to DIR "
                     "(default: the enclosing git checkout, else the current directory)",
                     [this](const std::string &v, std::string &e) {
                       std::error_code ec;
                       if (!std::filesystem::is_directory(v, ec)) return e = "'" + v + "' is not a directory", false;
                       sourceRoot = std::filesystem::absolute(v).lexically_normal().string();
                       return true;
                     }});
}

bool OutputOptions::open(std::string &error) {
  if (sourceRoot.empty()) sourceRoot = findSourceRoot(".");
  return output.empty() || checkOutputPath(output, error);
}

void OutputOptions::addOutputs(std::vector<NamedPath> &outputs) const {
  if (!output.empty()) outputs.push_back({"the output", output});
}

// Colour on a terminal unless the user said otherwise: NO_COLOR set to
// anything (no-color.org) or TERM=dumb turn `auto` off; --color always wins.
static bool colorWanted(const std::string &when, bool toTerminal) {
  if (when != "auto") return when == "always";
  const char *noColor = std::getenv("NO_COLOR"), *term = std::getenv("TERM");
  if (noColor && *noColor) return false;
  if (term && std::string(term) == "dumb") return false;
  return toTerminal;
}

EmitOptions OutputOptions::emitOptions(bool fallbackIsTerminal) const {
  EmitOptions eo;
  eo.format = format;
  eo.output = output;
  eo.formatOptions.color = colorWanted(color, output.empty() && fallbackIsTerminal);
  eo.formatOptions.sourceRoot = sourceRoot;
  return eo;
}

} // namespace warpcheck::cli
