#include "cli/LintConfigs.h"
#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace warpcheck::cli {
namespace {

// A finding's identity across the driver (absolute paths) and the report
// (paths relative to the current directory): what mergeFindings merges.
std::string findingKey(const Finding &f) {
  std::error_code ec;
  std::string file = f.where.file.empty() ? "" : fs::absolute(f.where.file, ec).lexically_normal().string();
  return f.rule + '\n' + file + ':' + std::to_string(f.where.line) + ':' + std::to_string(f.where.column) + '\n' +
         f.message;
}

} // namespace

const ProjectConfig *LintConfigs::of(const std::string &file) {
  std::string error; // every TU's configuration was read while collecting the inputs
  return resolver_.forSource(file, error);
}

std::vector<std::string> LintConfigs::describe(const std::string &file) {
  if (options_.none) return {"configuration: none (--no-config)"};
  const ProjectConfig *config = of(file);
  if (!config || config->file.empty())
    return {std::string("configuration: none (no ") + kConfigFileName + " at or above the file)"};
  std::string line = "configuration: " + config->file + (options_.file.empty() ? "" : " (--config-file)");
  for (const std::string &parent : config->inherited) line += ", inheriting " + parent;
  return {line};
}

void LintConfigs::useIn(LintOptions &opts, bool verbose) {
  // --enable's '-GLOB's are in each configuration's Rules; the analysis
  // validates only the globs that turn rules on.
  opts.enable.erase(std::remove_if(opts.enable.begin(), opts.enable.end(), turnsRulesOff), opts.enable.end());
  opts.inputs.settingsFor = [this](const std::string &file, InputOptions::FileSettings &out, std::string &error) {
    const ProjectConfig *c = resolver_.forSource(file, error);
    if (!c) return false;
    out.archs = c->archs;
    out.extraArgs = c->extraArgs;
    return true;
  };
  opts.outOfScope = [this](const std::string &file) {
    const ProjectConfig *c = of(file);
    return c ? outOfScope(*c, file) : std::string();
  };
  opts.ruleEnabled = [this](const std::string &file, const std::string &rule) {
    const ProjectConfig *c = of(file);
    return !c || ruleEnabled(*c, rule);
  };
  opts.configureFindings = [this](const std::string &file, std::vector<Finding> &findings) {
    const ProjectConfig *c = of(file);
    if (!c) return;
    applyToFindings(*c, findings);
    for (const Finding &f : findings) fails_[findingKey(f)] |= f.severity >= c->failOn;
  };
  opts.verbose = verbose;
  if (verbose) opts.describeUnit = [this](const std::string &file) { return describe(file); };
}

FindingConfig LintConfigs::forControls(std::string &error) {
  FindingConfig config;
  config.nolint = [this, &error](std::vector<Finding> &findings) {
    std::vector<Finding> kept;
    for (Finding &f : findings) {
      const ProjectConfig *c = resolver_.forSource(f.where.file, error);
      std::vector<Finding> one{std::move(f)};
      if (c) applyToFindings(*c, one);
      for (Finding &g : one) kept.push_back(std::move(g));
    }
    findings = std::move(kept);
  };
  config.ruleOn = [this, &error](const std::string &file, const std::string &rule) {
    const ProjectConfig *c = resolver_.forSource(file, error);
    return !c || ruleEnabled(*c, rule);
  };
  return config;
}

bool LintConfigs::failRun(const std::vector<Finding> &findings, std::string &error) {
  for (const Finding &f : findings) {
    auto judged = fails_.find(findingKey(f));
    if (judged != fails_.end()) {
      if (judged->second) return true;
      continue;
    }
    const ProjectConfig *c = resolver_.forSource(f.where.file, error);
    if (c && f.severity >= c->failOn) return true;
  }
  return false;
}

} // namespace warpcheck::cli
