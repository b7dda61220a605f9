#include "cli/ReportControls.h"
#include "config/ConfigApply.h"
#include "reports/OutputFile.h"

namespace warpcheck::cli {

FindingConfig configuring(const ProjectConfig &config) {
  auto apply = [&config](std::vector<Finding> &findings) { applyToFindings(config, findings); };
  return {apply, apply, [&config](const std::string &, const std::string &rule) { return ruleEnabled(config, rule); }};
}

void ControlOptions::addTo(std::vector<OptionSpec> &options) {
  options.push_back({"--suppressions", "", "FILE",
                     "drop findings that a line of FILE matches (rule, kernel, function, file:line; "
                     "docs/suppressions.md); may be repeated",
                     [this](const std::string &v, std::string &) {
                       suppressionFiles.push_back(v);
                       return true;
                     }});
  options.push_back({"--save-suppressions", "", "FILE", "write a suppression file covering every finding reported",
                     [this](const std::string &v, std::string &) {
                       saveSuppressionsPath = v;
                       return true;
                     }});
  options.push_back({"--baseline", "", "FILE", "report only findings that FILE (from --write-baseline) does not list",
                     [this](const std::string &v, std::string &) {
                       baselinePath = v;
                       return true;
                     }});
  options.push_back({"--write-baseline", "", "FILE", "write the fingerprints of every finding to FILE",
                     [this](const std::string &v, std::string &) {
                       writeBaselinePath = v;
                       return true;
                     }});
}

bool ControlOptions::load(std::string &error) {
  for (const std::string &path : suppressionFiles)
    if (!readSuppressionFile(path, loaded_.suppressions, error)) return false;
  if (!baselinePath.empty() && !readBaseline(baselinePath, loaded_.baseline, error)) return false;
  for (const std::string *out : {&writeBaselinePath, &saveSuppressionsPath})
    if (!out->empty() && !checkOutputPath(*out, error)) return false;
  loaded_.baselinePath = baselinePath;
  loaded_.writeBaselinePath = writeBaselinePath;
  loaded_.saveSuppressionsPath = saveSuppressionsPath;
  return true;
}

void ControlOptions::addPaths(std::vector<NamedPath> &outputs, std::vector<NamedPath> &inputs) const {
  if (!writeBaselinePath.empty()) outputs.push_back({"the baseline to write", writeBaselinePath});
  if (!saveSuppressionsPath.empty()) outputs.push_back({"the suppression file to write", saveSuppressionsPath});
  for (const std::string &path : suppressionFiles) inputs.push_back({"the suppression file", path});
  if (!baselinePath.empty()) inputs.push_back({"the baseline", baselinePath});
}

#include "reports/OutputFile.h"
} // namespace warpcheck::cli
