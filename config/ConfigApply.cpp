#include "config/ConfigApply.h"
#include "support/Glob.h"
#include <algorithm>
#include <filesystem>

namespace fs = std::filesystem;

namespace warpcheck {
namespace {

// Ordered globs where "-GLOB" deselects: the last entry matching `id` decides.
bool selectedBy(const std::vector<std::string> &globs, const std::string &id, bool initially) {
  bool on = initially;
  for (const std::string &g : globs) {
    bool off = turnsRulesOff(g);
    if (globMatch(off ? g.substr(1) : g, id)) on = !off;
  }
  return on;
}

// A path glob as written, without "./" in front or '/' behind.
std::string normalizedGlob(std::string g) {
  while (g.size() > 2 && g.compare(0, 2, "./") == 0) g.erase(0, 2);
  while (g.size() > 1 && g.back() == '/') g.pop_back();
  return g;
}

struct ScopePath {
  std::string relative; // to the config's directory, '/'-separated; may start with ".."
  std::string absolute;
};

ScopePath scopePath(const ProjectConfig &config, const std::string &file) {
  std::error_code ec;
  fs::path abs = fs::absolute(file, ec);
  fs::path canon = fs::weakly_canonical(abs, ec);
  if (!ec) abs = canon;
  abs = abs.lexically_normal();
  fs::path base = config.directory.empty() ? fs::current_path(ec) : fs::path(config.directory);
  return {abs.lexically_relative(base).generic_string(), abs.generic_string()};
}

// Whether `glob` matches the path or one of its directories.
bool globCovers(const std::string &written, const ScopePath &p) {
  std::string glob = normalizedGlob(written);
  if (glob == ".") return !p.relative.empty() && p.relative != ".." && p.relative.compare(0, 3, "../") != 0;
  const std::string &path = glob[0] == '/' ? p.absolute : p.relative;
  for (size_t i = 1; i <= path.size(); ++i)
    if ((i == path.size() || path[i] == '/') && globMatch(glob, path.substr(0, i), /*paths=*/true)) return true;
  return false;
}

} // namespace

bool applyCommandLine(ProjectConfig &config, const CommandLineSettings &cli, std::string &error) {
  for (const std::string &g : cli.enable)
    if (error = checkRuleEntry(g); !error.empty()) return false;
  for (const auto *globs : {&cli.disable, &cli.warningsAsErrors})
    for (const std::string &g : *globs)
      if (error = checkRuleGlob(g); !error.empty()) return false;
  if (!std::all_of(cli.enable.begin(), cli.enable.end(), turnsRulesOff)) config.rules.push_back("-*");
  config.rules.insert(config.rules.end(), cli.enable.begin(), cli.enable.end());
  config.warningsAsErrors.insert(config.warningsAsErrors.end(), cli.warningsAsErrors.begin(),
                                 cli.warningsAsErrors.end());
  for (const std::string &g : cli.disable) config.rules.push_back("-" + g);
  if (!cli.archs.empty()) config.archs = cli.archs;
  config.extraArgs.insert(config.extraArgs.end(), cli.extraArgs.begin(), cli.extraArgs.end());
  if (cli.failOn) config.failOn = *cli.failOn;
  return true;
}

bool ruleEnabled(const ProjectConfig &config, const std::string &rule) {
  return selectedBy(config.rules, rule, true);
}

std::string outOfScope(const ProjectConfig &config, const std::string &file) {
  if (config.include.empty() && config.exclude.empty()) return "";
  ScopePath p = scopePath(config, file);
  auto covers = [&](const std::string &g) { return globCovers(g, p); };
  if (!config.include.empty() && std::none_of(config.include.begin(), config.include.end(), covers))
    return "not under Include of " + config.file;
  for (const std::string &g : config.exclude)
    if (covers(g)) return "excluded by " + config.file + " (Exclude: " + g + ")";
  return "";
}

void applyToFindings(const ProjectConfig &config, std::vector<Finding> &findings) {
  findings.erase(std::remove_if(findings.begin(), findings.end(),
                                [&](const Finding &f) {
                                  return !ruleEnabled(config, f.rule) ||
                                         (!f.where.file.empty() && !outOfScope(config, f.where.file).empty());
                                }),
                 findings.end());
  for (Finding &f : findings) {
    for (const SeverityOverride &s : config.severities)
      if (globMatch(s.rule, f.rule)) f.severity = s.severity;
    if (selectedBy(config.warningsAsErrors, f.rule, false)) f.severity = Severity::Error;
  }
}

bool failsRun(const ProjectConfig &config, const std::vector<Finding> &findings) {
  return std::any_of(findings.begin(), findings.end(),
                     [&](const Finding &f) { return f.severity >= config.failOn; });
}

} // namespace warpcheck
